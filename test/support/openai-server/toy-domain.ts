/**
 * A tiny domain for backend tests: a spec is a family and a difficulty (0–10); its instances ask for
 * the sum of `difficulty + 1` small numbers. Enough for the simulator's schema, prompts and parsing.
 */
import { z } from 'zod';
import type { Domain } from '../../../src/interfaces/domain.ts';
import { describeZodError } from '../../../src/interfaces/zod-error.ts';
import type { AgentPrompt, Completion, ParseResult, Score, TaskInstance } from '../../../src/interfaces/task.ts';
import { Random, stableId } from '../../../src/util/random.ts';

export const ToySpecSchema = z
  .object({
    family: z.enum(['sum', 'product']),
    difficulty: z.number().min(0).max(10),
  })
  .strict();
export type ToySpec = z.infer<typeof ToySpecSchema>;

interface ToyPayload {
  numbers: number[];
  answer: string;
  difficulty: number;
}

function parseSpec(text: string): ParseResult<ToySpec> {
  const trimmed = text.trim();
  let value: unknown;
  const compact = /^(sum|product)\s*:\s*(-?\d+(?:\.\d+)?)$/.exec(trimmed);
  if (compact) value = { family: compact[1], difficulty: Number(compact[2]) };
  else {
    try {
      value = JSON.parse(trimmed);
    } catch {
      return { ok: false, reason: 'not JSON and not family:difficulty' };
    }
  }
  const checked = ToySpecSchema.safeParse(value);
  return checked.success
    ? { ok: true, value: checked.data }
    : { ok: false, reason: `invalid spec: ${describeZodError(checked.error)}` };
}

export const toyDomain: Domain<ToySpec, ToyPayload> = {
  name: 'toy',
  version: '1',
  specSchema: ToySpecSchema,
  knobs: [{ name: 'difficulty', description: 'how many numbers', values: [0, 2, 4, 6, 8, 10] }],
  specFromKnobs: (values) => ({ ok: true, value: { family: 'sum', difficulty: Number(values.difficulty) } }),
  seeds: () => [
    { id: 'seed-sum', family: 'sum', spec: { family: 'sum', difficulty: 1 } },
    { id: 'seed-product', family: 'product', spec: { family: 'product', difficulty: 1 } },
  ],
  heldOutSets: () => [],
  instantiate(spec, n, seed) {
    const random = new Random(seed);
    const instances: TaskInstance<ToyPayload>[] = [];
    for (let index = 0; index < n; index++) {
      const numbers = Array.from({ length: Math.round(spec.difficulty) + 1 }, () => random.int(1, 9));
      const answer = String(
        spec.family === 'sum' ? numbers.reduce((a, b) => a + b, 0) : numbers.reduce((a, b) => a * b, 1),
      );
      instances.push({
        id: stableId([spec, seed, index]),
        family: spec.family,
        features: { difficulty: spec.difficulty },
        payload: { numbers, answer, difficulty: spec.difficulty },
      });
    }
    return { ok: true, instances };
  },
  formatSpec: (spec) => `${spec.family}:${spec.difficulty}`,
  parseSpec,
  family: (spec) => spec.family,
  features: (spec) => ({ difficulty: spec.difficulty }),
  render(instance): AgentPrompt {
    const question = `What is the ${instance.family} of ${instance.payload.numbers.join(', ')}?`;
    return {
      id: instance.id,
      family: instance.family,
      text: question,
      messages: [{ role: 'user', content: question }],
      reference: { answer: instance.payload.answer, difficulty: instance.payload.difficulty },
    };
  },
  score(instance, completion: Completion): Score {
    const success = completion.text.trim() === instance.payload.answer;
    return { reward: success ? 1 : 0, success };
  },
};
