/**
 * The simulator's chat prompt: the seed task, the family's recent success statistics relative to the
 * target α, recent task types with their outcomes on both sides of α (history conditioning, when the context carries
 * it), the task types it must choose among (when it offers choices: a parent's edits, a cell's specs), k exemplars from
 * D_env with the success rates they produced (in-context RWR), and the output instructions of the chosen mode.
 */
import type { ChatMessage } from '../../interfaces/chat.ts';
import type { Domain } from '../../interfaces/domain.ts';
import type { SeenTaskType, SimulatorContext } from '../../interfaces/simulator.ts';
import type { Exemplar } from './exemplar-pool.ts';

export type SimulatorOutputMode = 'structured' | 'json-extract' | 'free-form';

/** The spec as the simulator should write it: JSON in the structured modes, the domain's text otherwise. */
export function specText(domain: Domain, spec: unknown, mode: SimulatorOutputMode): string {
  if (mode === 'free-form') return domain.formatSpec(spec);
  return JSON.stringify(spec);
}

/** One exemplar as shown: its spec (JSON when known in structured modes) and the agent's success rate on it. */
function exemplarLine(exemplar: Exemplar, index: number, mode: SimulatorOutputMode): string {
  const shown = mode !== 'free-form' && exemplar.spec !== undefined ? JSON.stringify(exemplar.spec) : exemplar.target;
  const outcome =
    exemplar.successRate === null ? 'not attempted yet' : `agent success rate ${exemplar.successRate.toFixed(2)}`;
  return `Example ${index + 1} (${outcome}):\n${shown}`;
}

/** Advice from the family's recent success rate: harder when above α, easier when below. */
export function difficultyAdvice(recentSuccess: number | null, target: number): string {
  if (recentSuccess === null) return 'No task of this family has been attempted yet.';
  const gap = recentSuccess - target;
  const direction =
    Math.abs(gap) <= 0.05
      ? 'keep the difficulty about the same'
      : gap > 0
        ? 'make the task harder'
        : 'make the task easier';
  const solved = (recentSuccess * 100).toFixed(0);
  const wanted = (target * 100).toFixed(0);
  return `Recent tasks of this family were solved ${solved}% of the time (target ${wanted}%): ${direction}.`;
}

/**
 * The context's history as shown: each recent task type with how often the agent solved it and which side of the
 * target that is, so the model sees outcomes below and above α beside the exemplars' (which are the best-calibrated).
 */
export function historyText(
  domain: Domain,
  history: readonly SeenTaskType[],
  target: number,
  mode: SimulatorOutputMode,
): string {
  const side = (successRate: number) =>
    Math.abs(successRate - target) <= 0.05 ? 'about the target' : successRate > target ? 'too easy' : 'too hard';
  return (
    `Recent task types and how often the agent solved them (target ${(target * 100).toFixed(0)}%):\n` +
    history
      .map(
        (seen) =>
          `- ${(seen.successRate * 100).toFixed(0)}% (${side(seen.successRate)}): ${specText(domain, seen.spec, mode)}`,
      )
      .join('\n')
  );
}

/** Chat messages for one proposal. `exemplars` are already sampled; `schema` is shown in json-extract mode. */
export function simulatorMessages(input: {
  domain: Domain;
  context: SimulatorContext;
  exemplars: readonly Exemplar[];
  mode: SimulatorOutputMode;
  schema?: Record<string, unknown>;
}): ChatMessage[] {
  const { domain, context, exemplars, mode } = input;
  const system = [
    `You generate training tasks for an AI agent in the "${domain.name}" domain.`,
    `Propose one new task type that the agent solves about ${(context.targetSuccess * 100).toFixed(0)}% of the time: ` +
      'not trivial, not hopeless.',
  ].join(' ');
  const parts = [
    `Seed task (family "${context.seed.family}"):\n${specText(domain, context.seed.spec, mode)}`,
    `Family statistics: ${context.stats.taskTypes} task types attempted. ` +
      difficultyAdvice(context.stats.recentSuccess, context.targetSuccess),
  ];
  if (context.history?.length) parts.push(historyText(domain, context.history, context.targetSuccess, mode));
  if (context.cell)
    parts.push(
      `The task type must sit in this cell of the domain's difficulty knobs: ${Object.entries(context.cell)
        .map(([knob, value]) => `${knob} ${value}`)
        .join(', ')}.`,
    );
  if (context.choices?.length)
    parts.push(
      'Write one of these task types, the only ones this request accepts (the others are rejected):\n' +
        context.choices.map((choice) => `- ${specText(domain, choice, mode)}`).join('\n'),
    );
  if (exemplars.length > 0) {
    parts.push(
      'Earlier proposals and how the agent did on them (the best-calibrated ones are shown most often):\n\n' +
        exemplars.map((exemplar, index) => exemplarLine(exemplar, index, mode)).join('\n\n'),
    );
  }
  if (mode === 'structured') parts.push('Answer with the new task spec as one JSON object.');
  else if (mode === 'json-extract') {
    parts.push(
      'Answer with the new task spec as one JSON object in a ```json block' +
        (input.schema ? `, following this JSON Schema:\n${JSON.stringify(input.schema)}` : '.'),
    );
  } else {
    parts.push('Write the new task in the same format as the seed task: the task text, then the reference answer.');
  }
  return [
    { role: 'system', content: system },
    { role: 'user', content: parts.join('\n\n') },
  ];
}
