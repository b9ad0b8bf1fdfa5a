import { fileURLToPath } from 'node:url';
import { alfworldBenchmark } from '../../src/benchmarks/alfworld/index.ts';
import { FIXTURES_FOLDER } from '../../src/benchmarks/alfworld/write-fixtures.ts';
import { apiBankBenchmark } from '../../src/benchmarks/api-bank/index.ts';
import { bamboogleBenchmark } from '../../src/benchmarks/bamboogle/index.ts';
import { bfclBenchmark } from '../../src/benchmarks/bfcl/index.ts';
import { travelPlannerBenchmark } from '../../src/benchmarks/travelplanner/index.ts';
import { oraclePolicy } from '../support/alfworld.ts';
import { describeBenchmarkContract } from './benchmark-contract.ts';

// Real data beside the repository (never copied in); ALFWorld's scenes are fixtures built from its data.
const shared = (name: string) => fileURLToPath(new URL(`../../../shared/benchmarks/${name}`, import.meta.url));

describeBenchmarkContract({ benchmark: apiBankBenchmark, dataPath: shared('api-bank'), limit: 40, goldMode: 'fixed' });
describeBenchmarkContract({ benchmark: bfclBenchmark, dataPath: shared('bfcl'), limit: 12 });
describeBenchmarkContract({ benchmark: bamboogleBenchmark, dataPath: shared('bamboogle'), limit: 30 });
describeBenchmarkContract({ benchmark: travelPlannerBenchmark, dataPath: shared('travelplanner'), limit: 10 });
describeBenchmarkContract({ benchmark: alfworldBenchmark, dataPath: FIXTURES_FOLDER, limit: 3, gold: oraclePolicy });
