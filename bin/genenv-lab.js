#!/usr/bin/env node
// Entry point of the genenv lab (`npm run lab -- <suite>`): registers the TypeScript loader, then runs it from source.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../lab/main.ts');
process.exitCode = await main(process.argv.slice(2));
