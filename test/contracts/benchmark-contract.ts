import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AgentPolicy, Benchmark, BenchmarkReport, Completion } from '../../src/interfaces/index.ts';
import { OraclePolicy } from '../../src/policies/oracle.ts';

export interface BenchmarkContractCase {
  benchmark: Benchmark;
  /** The benchmark's data folder (under ../shared/benchmarks, or fixtures in the repository). */
  dataPath: string;
  /** Items to evaluate (the first N in file order); keeps CI fast. */
  limit: number;
  /** The mode in which the reference answers score 100% (e.g. API-Bank's `fixed`); default the benchmark's. */
  goldMode?: string;
  /** A policy answering every prompt with its reference (default: the oracle policy). */
  gold?: AgentPolicy;
}

/** A policy that answers every prompt with `answer` (text only, no tool calls). */
function constantPolicy(name: string, answer: string): AgentPolicy {
  return {
    name,
    async act(prompts, options) {
      return prompts.map(() =>
        Array.from({ length: Math.max(1, options.samples) }, (): Completion => ({ text: answer, policyVersion: name })),
      );
    },
  };
}

/** A report without what may legitimately vary between runs (nothing, today: reports are pure). */
const comparable = (report: BenchmarkReport) => JSON.stringify(report);

/**
 * The contract every benchmark passes on its real data: the reference answers score every item correct,
 * empty and garbage answers score every item wrong with scores in [0, 1] and without throwing, reports
 * are deterministic, item ids are unique, and summary accuracy is the share of correct items. Skipped
 * with one line when the data folder is absent.
 */
export function describeBenchmarkContract(contract: BenchmarkContractCase): void {
  const { benchmark, dataPath, limit } = contract;
  const present = existsSync(dataPath);
  if (!present) console.warn(`benchmark contract: ${benchmark.name} data absent at ${dataPath}: skipped`);
  describe.skipIf(!present)(`benchmark contract: ${benchmark.name}`, () => {
    const run = (policy: AgentPolicy, mode?: string) =>
      benchmark.run(policy, { dataPath, limit, seed: 11, ...(mode !== undefined ? { mode } : {}) });

    it('scores every item correct when answered with its reference', async () => {
      const report = await run(contract.gold ?? new OraclePolicy(), contract.goldMode);
      expect(report.benchmark).toBe(benchmark.name);
      expect(report.items.length).toBeGreaterThan(0);
      const wrong = report.items.filter((item) => !item.correct || item.score !== 1).map((item) => item.id);
      expect(wrong).toEqual([]);
      expect(report.summary.accuracy).toBe(1);
    });

    it('scores empty and garbage answers wrong, in [0, 1], without throwing', async () => {
      for (const answer of ['', '}{ ])( <tool_call> null NaN \u0000 ünïcödé'.repeat(3)]) {
        const report = await run(constantPolicy('junk', answer));
        expect(report.items.length).toBeGreaterThan(0);
        for (const item of report.items) {
          expect(item.correct, `${item.id} answered ${JSON.stringify(answer.slice(0, 10))}`).toBe(false);
          expect(item.score).toBeGreaterThanOrEqual(0);
          expect(item.score).toBeLessThan(1);
        }
        expect(report.summary.accuracy).toBe(0);
      }
    });

    it('is deterministic, with unique item ids and accuracy = share of correct items', async () => {
      const policy = constantPolicy('half', 'Answer: 1');
      const [first, second] = [await run(policy), await run(policy)];
      expect(comparable(second)).toBe(comparable(first));
      const ids = first.items.map((item) => item.id);
      expect(new Set(ids).size).toBe(ids.length);
      const correct = first.items.filter((item) => item.correct).length;
      expect(first.summary.accuracy).toBeGreaterThanOrEqual(0);
      expect(first.summary.accuracy).toBeLessThanOrEqual(1);
      expect(first.summary.accuracy).toBeCloseTo(correct / first.items.length, 12);
      for (const item of first.items) expect(item.score).toBeGreaterThanOrEqual(0);
      for (const item of first.items) expect(item.score).toBeLessThanOrEqual(1);
    });
  });
}
