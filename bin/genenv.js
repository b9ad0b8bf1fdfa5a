#!/usr/bin/env node
// Entry point of the `genenv` CLI: registers the TypeScript loader, then runs the CLI from source.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
