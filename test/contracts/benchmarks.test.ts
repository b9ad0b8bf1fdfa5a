import { alfworldBenchmark } from '../../src/benchmarks/alfworld/index.ts';
import { FIXTURES_FOLDER } from '../../src/benchmarks/alfworld/write-fixtures.ts';
import { apiBankBenchmark } from '../../src/benchmarks/api-bank/index.ts';
import { bamboogleBenchmark } from '../../src/benchmarks/bamboogle/index.ts';
import { bfclBenchmark } from '../../src/benchmarks/bfcl/index.ts';
import { travelPlannerBenchmark } from '../../src/benchmarks/travelplanner/index.ts';
import { oraclePolicy } from '../support/alfworld.ts';
import { benchmarkData } from '../support/benchmark-data.ts';
import { describeBenchmarkContract } from './benchmark-contract.ts';

// The real data (never copied in; see test/support/benchmark-data.ts); ALFWorld's scenes are fixtures in the repository.
const data = (name: string) => benchmarkData(name).path;

describeBenchmarkContract({ benchmark: apiBankBenchmark, dataPath: data('api-bank'), limit: 40, goldMode: 'fixed' });
describeBenchmarkContract({ benchmark: bfclBenchmark, dataPath: data('bfcl'), limit: 12 });
describeBenchmarkContract({ benchmark: bamboogleBenchmark, dataPath: data('bamboogle'), limit: 30 });
describeBenchmarkContract({ benchmark: travelPlannerBenchmark, dataPath: data('travelplanner'), limit: 10 });
describeBenchmarkContract({ benchmark: alfworldBenchmark, dataPath: FIXTURES_FOLDER, limit: 3, gold: oraclePolicy });
