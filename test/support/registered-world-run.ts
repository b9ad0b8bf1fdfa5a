/**
 * A program of a library user's, for the crash test of a world registered by name (test/library/players.test.ts):
 * `node --import tsx registered-world-run.ts <out>` runs the sorting world of examples/sorting-world.ts under the
 * `student` preset through `createGenenv`; GENENV_FAILPOINT kills it mid-run as `kill -9` would.
 */
import { createGenenv } from 'genenv';
import { createSortingWorld } from '../../examples/sorting-world.ts';
import { REGISTERED_WORLD_CONFIG } from './registered-world-config.ts';

const out = process.argv[2];
if (!out) throw new Error('usage: registered-world-run.ts <out>');
const genenv = createGenenv({ domains: { sorting: createSortingWorld } });
await genenv.runCoevolution(REGISTERED_WORLD_CONFIG, { out, report: false });
