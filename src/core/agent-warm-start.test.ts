import { describe, expect, it } from 'vitest';
import { createLadderWorld } from '../domains/ladder/index.ts';
import type {
  AgentDemonstration,
  AgentPrompt,
  Completion,
  TrainableAgent,
  UpdateStats,
  WarmStartOptions,
} from '../interfaces/index.ts';
import type { AgentWarmStartStats } from '../interfaces/metrics.ts';
import { warmStartAgent } from './agent-warm-start.ts';
import { RandomStreams } from './random-streams.ts';

/** An agent that answers exactly the prompts it was warm-started on, and checks its validation split once. */
class MemorisingAgent implements TrainableAgent {
  readonly name = 'memorising';
  readonly version = 0;
  trained = new Set<string>();
  checked: number[] = [];
  given: WarmStartOptions | null = null;

  async act(prompts: AgentPrompt[]): Promise<Completion[][]> {
    return prompts.map((prompt) => [
      { text: this.trained.has(prompt.id) ? prompt.reference.answer : 'nothing', policyVersion: 'memorising' },
    ]);
  }
  async warmStart(demonstrations: AgentDemonstration[], options: WarmStartOptions): Promise<AgentWarmStartStats> {
    this.given = options;
    for (const demonstration of demonstrations) this.trained.add(demonstration.prompt.id);
    if (options.validation) this.checked.push(await options.validation.accuracy());
    return { sftSteps: demonstrations.length };
  }
  async update(): Promise<UpdateStats> {
    return {};
  }
  async save(): Promise<void> {}
  async load(): Promise<void> {}
}

const domain = createLadderWorld({});
const seeds = domain.seeds().slice(0, 20);
const streams = new RandomStreams(4);
const config = (validation: number) => ({ seed: 4, warmStartVariations: 5, warmStartValidation: validation });

describe("the agent's warm start", () => {
  it('trains on all but the validation split, whose greedy accuracy it measures by the scorer', async () => {
    const agent = new MemorisingAgent();
    const result = await warmStartAgent({ agent, domain, seeds, config: config(0.2), streams, measurable: true });
    expect(result).toEqual({ stats: { sftSteps: 80 }, demonstrations: 80, validation: { instances: 20, accuracy: 0 } });
    // Nothing held out was trained on, so the agent's own check saw none of it answered.
    expect(agent.checked).toEqual([0]);
    expect(agent.given?.seed).toBe(streams.warmStartAgent());
  });

  it('trains on everything and measures nothing without a split, or when genenv cannot sample the agent', async () => {
    for (const [validation, measurable] of [
      [0, true],
      [0.2, false],
    ] as const) {
      const agent = new MemorisingAgent();
      const result = await warmStartAgent({ agent, domain, seeds, config: config(validation), streams, measurable });
      expect(result).toEqual({ stats: { sftSteps: 100 }, demonstrations: 100 });
      expect(agent.given?.validation).toBeUndefined();
    }
  });
});
