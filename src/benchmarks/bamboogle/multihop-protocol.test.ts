import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMultihop } from '../../domains/multihop/index.ts';
import { TOP_K } from '../../domains/multihop/episode.ts';
import { asSearchTool, createRetriever } from '../../domains/search/index.ts';
import type { AgentPolicy } from '../../interfaces/policy.ts';
import type { AgentPrompt, Completion } from '../../interfaces/task.ts';
import { createBamboogleBenchmark } from './index.ts';

/**
 * A text agent that speaks the multihop world's protocol: one action per turn, the `n`-th action of its plan
 * after `n` result blocks. What the built-in agent learns in the world must be what Bamboogle's loop reads.
 */
class PlanFollower implements AgentPolicy {
  readonly name = 'plan-follower';
  constructor(private readonly plan: readonly string[]) {}
  async act(prompts: AgentPrompt[]): Promise<Completion[][]> {
    return prompts.map((prompt) => {
      const seen = prompt.text.match(/<information>/g)?.length ?? 0;
      return [{ text: this.plan[Math.min(seen, this.plan.length - 1)]!, policyVersion: 'plan' }];
    });
  }
}

describe('the multihop protocol in Bamboogle', () => {
  it("runs a world's reference plan through Bamboogle's text search loop to the right answer", async () => {
    const domain = createMultihop({ seedTasks: 1, heldOutSize: 1 });
    const parsed = domain.parseSpec('bridge|founder>birthplace>country|d2|p0');
    if (!parsed.ok) throw new Error(parsed.reason);
    const result = domain.instantiate(parsed.value, 1, 5);
    if (!result.ok) throw new Error(result.reason);
    const { question, answer, plan, documents } = result.instances[0]!.payload;
    const folder = mkdtempSync(join(tmpdir(), 'multihop-bamboogle-'));
    writeFileSync(join(folder, 'bamboogle.jsonl'), `${JSON.stringify({ idx: 1, question, answer })}\n`);
    const benchmark = createBamboogleBenchmark({
      searchTool: asSearchTool(createRetriever(documents), TOP_K),
      resultsShown: TOP_K,
    });
    const report = await benchmark.run(new PlanFollower(plan), { dataPath: folder, seed: 1 });
    expect(report.summary).toMatchObject({ accuracy: 1, f1: 1, meanSearchCalls: plan.length - 1 });
    expect(report.items[0]!.details?.searches).toEqual(
      plan.slice(0, -1).map((action) => action.replace(/^search: /, '')),
    );
  });
});
