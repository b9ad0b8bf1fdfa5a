import { GenEnvError } from '../interfaces/index.ts';

/** For benchmarks with a single scoring mode: accepts no mode or "official", else one usage line. */
export function requireOfficialMode(benchmark: string, mode: string | undefined): void {
  if (mode !== undefined && mode !== 'official') {
    throw new GenEnvError('usage', `${benchmark} has one scoring mode, "official"; got "${mode}"`);
  }
}
