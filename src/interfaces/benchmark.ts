import type { AgentPolicy } from './policy.ts';

/** Verdict on one benchmark item (one turn, one step, one query — as the benchmark counts). */
export interface BenchmarkItemResult {
  id: string;
  correct: boolean;
  /** Item score in [0, 1] (1 for correct exact-match items; F1, ROUGE-L, ... where the benchmark grades). */
  score: number;
  /** What the policy answered, and scorer details (reasons for failure, sub-scores). */
  details?: Record<string, unknown>;
}

export interface BenchmarkReport {
  benchmark: string;
  policy: string;
  items: BenchmarkItemResult[];
  /** At least `accuracy` in [0, 1]; benchmark-specific metrics beside it. */
  summary: { accuracy: number } & Record<string, number | string | boolean | null>;
  /** The paper's Table 1 column(s) for this benchmark. */
  table1: Record<string, number>;
  /** Human-readable notes (e.g. where the scorer departs from the official evaluator). */
  notes: string[];
  /**
   * What was evaluated, as printed ("5 entries, 18 turns"), where the items are not what --limit counts; absent,
   * the printed result counts items.
   */
  evaluated?: string;
}

export interface BenchmarkRunOptions {
  /** Folder holding the benchmark's data (e.g. ~/.cache/genenv/data/bfcl, as genenv data fetch writes it). */
  dataPath: string;
  /** Evaluate at most this many items (first N in file order). */
  limit?: number;
  seed: number;
  /** Benchmark-specific scoring mode (e.g. API-Bank `official` or `fixed`). */
  mode?: string;
  onProgress?: (done: number, total: number) => void;
}

/** One evaluation suite: loads its data, runs a policy on it, scores by the benchmark's own rules. */
export interface Benchmark {
  readonly name: string;
  readonly description: string;
  run(policy: AgentPolicy, options: BenchmarkRunOptions): Promise<BenchmarkReport>;
}
