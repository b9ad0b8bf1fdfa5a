import { GenEnvError, type Benchmark } from '../interfaces/index.ts';

/** Benchmark name → lazy loader (each benchmark pulls in its own data code only when used). */
const BENCHMARKS: Record<string, () => Promise<Benchmark>> = {
  bfcl: async () => (await import('../benchmarks/bfcl/index.ts')).bfclBenchmark,
  'api-bank': async () => (await import('../benchmarks/api-bank/index.ts')).apiBankBenchmark,
  bamboogle: async () => (await import('../benchmarks/bamboogle/index.ts')).bamboogleBenchmark,
  travelplanner: async () => (await import('../benchmarks/travelplanner/index.ts')).travelPlannerBenchmark,
  alfworld: async () => (await import('../benchmarks/alfworld/index.ts')).alfworldBenchmark,
};

export function benchmarkNames(): string[] {
  return Object.keys(BENCHMARKS);
}

export async function loadBenchmark(name: string): Promise<Benchmark> {
  const loader = BENCHMARKS[name];
  if (!loader) throw new GenEnvError('usage', `unknown benchmark "${name}" (known: ${benchmarkNames().join(', ')})`);
  return loader();
}
