import { z } from 'zod';
import type { Domain } from '../../src/interfaces/domain.ts';
import { describeZodError } from '../../src/interfaces/zod-error.ts';
import type { AgentPrompt, Completion, Score, SeedTask, TaskInstance } from '../../src/interfaces/task.ts';
import { stableId } from '../../src/util/random.ts';

/** A tiny domain for policy tests: repeat a word `times` times, joined by spaces. */
export interface EchoSpec {
  word: string;
  times: number;
}
interface EchoPayload extends EchoSpec {
  answer: string;
}

const EchoSpecSchema = z.object({ word: z.string().regex(/^[a-z]{1,8}$/), times: z.number().int().min(1).max(3) });
const words = ['cat', 'dog', 'sun', 'tree', 'blue'];

function parseSpec(text: string) {
  const match = /^echo word=([a-z]{1,8}) times=(\d)$/.exec(text.trim());
  if (!match) return { ok: false as const, reason: 'not "echo word=<a-z> times=<digit>"' };
  const parsed = EchoSpecSchema.safeParse({ word: match[1], times: Number(match[2]) });
  return parsed.success
    ? { ok: true as const, value: parsed.data }
    : { ok: false as const, reason: describeZodError(parsed.error) };
}

export const echoDomain: Domain<EchoSpec, EchoPayload> = {
  name: 'echo',
  version: '1',
  specSchema: EchoSpecSchema,
  knobs: [{ name: 'times', description: 'repetitions', values: [1, 2, 3] }],
  specFromKnobs: (values, seed) => ({
    ok: true,
    value: { word: words[seed % words.length]!, times: Number(values.times) },
  }),
  seeds: (): SeedTask<EchoSpec>[] =>
    words.flatMap((word) =>
      [1, 2].map((times) => ({ id: `${word}-${times}`, family: `echo${times}`, spec: { word, times } })),
    ),
  heldOutSets: () => [],
  instantiate: (spec, n, seed) => ({
    ok: true,
    instances: Array.from({ length: n }, (_, index) => ({
      id: stableId([spec, seed, index]),
      family: `echo${spec.times}`,
      features: { times: spec.times },
      payload: { ...spec, answer: Array.from({ length: spec.times }, () => spec.word).join(' ') },
    })),
  }),
  formatSpec: (spec) => `echo word=${spec.word} times=${spec.times}`,
  parseSpec,
  family: (spec) => `echo${spec.times}`,
  features: (spec) => ({ times: spec.times }),
  render: (instance: TaskInstance<EchoPayload>): AgentPrompt => ({
    id: instance.id,
    family: instance.family,
    text: `say ${instance.payload.word} ${instance.payload.times} times`,
    messages: [{ role: 'user', content: `say ${instance.payload.word} ${instance.payload.times} times` }],
    maxResponseTokens: 24,
    reference: { answer: instance.payload.answer, difficulty: instance.payload.times },
  }),
  score: (instance: TaskInstance<EchoPayload>, completion: Completion): Score => {
    const success = completion.text.trim() === instance.payload.answer;
    return { reward: success ? 1 : 0, success };
  },
};

/** A prompt whose gold answer throws when read: proves a policy never looks at `reference`. */
export function guardedPrompt(prompt: AgentPrompt): AgentPrompt {
  return new Proxy(prompt, {
    get(target, property, receiver) {
      if (property === 'reference') throw new Error('the built-in agent read prompt.reference');
      return Reflect.get(target, property, receiver);
    },
  });
}
