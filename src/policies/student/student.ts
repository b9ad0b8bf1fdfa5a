import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type {
  AgentDemonstration,
  AgentPrompt,
  AgentUpdateBatch,
  Completion,
  SampleOptions,
  AgentUpdateStats,
  AgentWarmStartStats,
  TrainableAgent,
} from '../../interfaces/index.ts';
import { Random } from '../../util/random.ts';
import { parseOptions } from '../options.ts';
import { readCheckpointJson } from '../checkpoint-file.ts';

export const StudentOptionsSchema = z
  .object({
    initialAbility: z
      .number()
      .min(-100)
      .max(100)
      .default(0.5)
      .describe('ability before the warm start, on the difficulty scale'),
    warmStartGain: z
      .number()
      .min(0)
      .max(100)
      .default(0.5)
      .describe('ability gained from the warm start (SFT on seeds)'),
    learningRate: z
      .number()
      .min(0)
      .max(100)
      .default(0.35)
      .describe('ability gained per update at maximal learning signal'),
    rehearsalGain: z
      .number()
      .min(0)
      .max(1)
      .default(0)
      .describe('ability gained per rehearsal pair (SFT on D_train) in an update'),
    slope: z
      .number()
      .gt(0)
      .max(100)
      .default(1.6)
      .describe('slope of the logistic success curve σ(slope·(ability − difficulty))'),
  })
  .strict();
export type StudentOptions = z.infer<typeof StudentOptionsSchema>;

const FAILURE_TEXT = 'I cannot solve this.';

/** σ(slope·(ability − difficulty)): the student's success probability on a task, in (0, 1). */
export function studentSuccessProbability(ability: number, difficulty: number, slope: number): number {
  return 1 / (1 + Math.exp(-slope * (ability - difficulty)));
}

/**
 * Learning signal of a GRPO batch in [0, 1]: the mean over groups of 4·Var(rewards), the population
 * variance of each group's rewards scaled so a group split half and half gives 1. A group whose
 * rewards are all equal has zero GRPO advantage and teaches nothing; an empty batch gives 0.
 */
export function groupLearningSignal(groups: readonly (readonly number[])[]): number {
  if (groups.length === 0) return 0;
  let total = 0;
  for (const rewards of groups) {
    if (rewards.length === 0) continue;
    const center = rewards.reduce((sum, reward) => sum + reward, 0) / rewards.length;
    const variance = rewards.reduce((sum, reward) => sum + (reward - center) ** 2, 0) / rewards.length;
    total += Math.min(1, 4 * variance);
  }
  return total / groups.length;
}

/**
 * A simulated student: succeeds on a task with probability σ(slope·(ability − difficulty)), reading the
 * difficulty from `prompt.reference`. Its ability grows with the GRPO learning signal of what it trains
 * on, so a curriculum of uninformative tasks (always or never solved) really teaches it less.
 */
export class SimulatedStudent implements TrainableAgent {
  readonly name = 'student';
  private ability: number;
  private updates = 0;
  private readonly options: StudentOptions;

  constructor(options: Record<string, unknown> = {}) {
    this.options = parseOptions(StudentOptionsSchema, options, 'agent.options');
    this.ability = this.options.initialAbility;
  }

  get version(): number {
    return this.updates;
  }

  /** Current ability on the difficulty scale. */
  get currentAbility(): number {
    return this.ability;
  }

  async act(prompts: AgentPrompt[], options: SampleOptions): Promise<Completion[][]> {
    const random = new Random(options.seed);
    const greedy = (options.temperature ?? 1) === 0;
    return prompts.map((prompt) => {
      const probability = studentSuccessProbability(this.ability, prompt.reference.difficulty, this.options.slope);
      return Array.from({ length: options.samples }, () => {
        const success = greedy ? probability >= 0.5 : random.next() < probability;
        return success
          ? {
              text: prompt.reference.answer,
              toolCalls: prompt.reference.toolCalls,
              policyVersion: `student-v${this.updates}`,
            }
          : { text: FAILURE_TEXT, policyVersion: `student-v${this.updates}` };
      });
    });
  }

  async warmStart(demonstrations: AgentDemonstration[], _options?: { seed: number }): Promise<AgentWarmStartStats> {
    if (demonstrations.length > 0) this.ability += this.options.warmStartGain;
    this.updates++;
    return { ability: this.ability };
  }

  async update(batch: AgentUpdateBatch, _options?: { seed: number }): Promise<AgentUpdateStats> {
    const rehearsed = batch.rehearsal?.length ?? 0;
    if (batch.groups.length === 0 && rehearsed === 0) return { ability: this.ability, learningSignal: 0 };
    const signal = batch.groups.length === 0 ? 0 : groupLearningSignal(batch.groups.map((group) => group.rewards));
    this.ability += this.options.learningRate * signal + this.options.rehearsalGain * rehearsed;
    this.updates++;
    // The rehearsal pairs are counted by the loop, as `pool/rehearsal`.
    return { ability: this.ability, learningSignal: signal };
  }

  async save(directory: string): Promise<void> {
    await writeFile(
      join(directory, 'student.json'),
      JSON.stringify({ ability: this.ability, updates: this.updates, options: this.options }),
    );
  }

  async load(directory: string): Promise<void> {
    const state = await readCheckpointJson(
      join(directory, 'student.json'),
      z.object({ ability: z.number(), updates: z.number().int().min(0) }),
      'student',
    );
    this.ability = state.ability;
    this.updates = state.updates;
  }
}
