/**
 * A player of your own in a co-evolution: a rule-based agent passed to `runCoevolution` as an object.
 *
 * The agent answers the arithmetic world's prompts (`Ignore 4, 7. 12 + 5 =`) by computing them, but only as far as
 * its skill goes: it works out expressions of at most `skill` terms and guesses on longer ones. Its update is the rule
 * it learns by: when it solved at least half of a batch's rollouts it raises its skill by one term. Everything the loop
 * needs of a trainable agent is here: `act`, `warmStart`, `update`, `save` and `load` (its state is one JSON file,
 * so a run of it resumes after a kill). The run uses the `student` preset's simulator and schedule, a few seconds in
 * all, and prints how the agent's success and skill moved.
 *
 *   npx tsx own-agent.ts [run directory]     (or compile it with tsc and run the .js with node)
 *
 * docs/library.md explains each part.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type AgentPrompt,
  type AgentUpdateBatch,
  type Completion,
  Random,
  runCoevolution,
  type SampleOptions,
  type TrainableAgent,
} from 'genenv';

/** The value of `a + b - c …` (or `a * b …`) in a prompt, and how many terms it has; null when there is none. */
function expressionOf(text: string): { value: number; terms: number } | null {
  const expression = /([\d\s+\-*]+)=\s*$/.exec(text)?.[1]?.trim();
  if (!expression) return null;
  const tokens = expression.split(/\s+/);
  let value = Number(tokens[0]);
  for (let index = 1; index + 1 < tokens.length; index += 2) {
    const operand = Number(tokens[index + 1]);
    const operator = tokens[index];
    value = operator === '+' ? value + operand : operator === '-' ? value - operand : value * operand;
  }
  return Number.isFinite(value) ? { value, terms: Math.ceil(tokens.length / 2) } : null;
}

/** An agent that computes expressions of up to `skill` terms and raises its skill when a batch goes well. */
export class SkillAgent implements TrainableAgent {
  readonly name = 'skill-agent';
  private skill = 2;
  private updates = 0;

  get version(): number {
    return this.updates;
  }

  async act(prompts: AgentPrompt[], options: SampleOptions): Promise<Completion[][]> {
    const random = new Random(options.seed);
    return prompts.map((prompt) => {
      const expression = expressionOf(prompt.text);
      return Array.from({ length: options.samples }, () => {
        const known = expression !== null && expression.terms <= this.skill;
        // Beyond its skill it guesses near the right size of number.
        const text = known ? String(expression.value) : String(random.int(0, 99));
        return { text, policyVersion: `skill-${this.skill}` };
      });
    });
  }

  /** Nothing to learn from demonstrations: the rules are written in. */
  async warmStart() {
    return {};
  }

  /** One update: the batch's mean reward decides whether the skill grows. */
  async update(batch: AgentUpdateBatch) {
    const rewards = batch.groups.flatMap((group) => group.rewards);
    const success = rewards.length ? rewards.reduce((sum, reward) => sum + reward, 0) / rewards.length : 0;
    if (rewards.length && success >= 0.5) this.skill++;
    this.updates++;
    return {};
  }

  async save(directory: string): Promise<void> {
    writeFileSync(join(directory, 'skill.json'), JSON.stringify({ skill: this.skill, updates: this.updates }));
  }

  async load(directory: string): Promise<void> {
    const state = JSON.parse(readFileSync(join(directory, 'skill.json'), 'utf8')) as { skill: number; updates: number };
    this.skill = state.skill;
    this.updates = state.updates;
  }

  /** The number of terms it computes now. */
  get currentSkill(): number {
    return this.skill;
  }
}

async function main(out: string): Promise<void> {
  const agent = new SkillAgent();
  // The config records the agent as `own:skill-agent`; resumeCoevolution(out, { agent }) continues the run.
  const { runDirectory, summary } = await runCoevolution({ preset: 'student', epochs: 6 }, { out, agent });
  const success = summary.epochs.map((epoch) => (epoch.successRate ?? 0).toFixed(2)).join(' ');
  console.log(`run: ${runDirectory}`);
  console.log(`success on generated tasks by epoch: ${success}`);
  console.log(`skill at the end: ${agent.currentSkill} terms`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  await main(process.argv[2] ?? `runs/own-agent-${Date.now()}`);
