/**
 * Difficulty knobs (ordered easy → hard) and the spec a parametric simulator gets from a choice of
 * knob values: the intent with the asked chain length whose largest call arity is closest to the
 * asked one, distractors drawn from the tools the intent does not use.
 */
import type { Knob } from '../../interfaces/domain.ts';
import type { ParseResult } from '../../interfaces/task.ts';
import { Random } from '../../util/random.ts';
import { INTENTS, intentArity, intentById, intentTools } from './intents.ts';
import { ToolWorldSpecSchema, type ToolWorldSpec } from './spec.ts';
import { describeZodError } from '../../interfaces/zod-error.ts';
import { TOOL_NAMES } from './tools.ts';

export const TOOLWORLD_KNOBS: readonly Knob[] = [
  { name: 'chain', description: 'calls in the chain; later calls use earlier results', values: [1, 2, 3] },
  { name: 'arguments', description: 'largest number of arguments of one call', values: [1, 2, 3] },
  { name: 'distractors', description: 'tools shown that the task does not need', values: [0, 1, 2, 4, 6] },
  { name: 'words', description: 'values written in words: 0 none, 1 the first, 2 all', values: [0, 1, 2] },
  {
    name: 'paraphrase',
    description: 'phrasing rarity: 0 common, 1 alternative, 2 rare, 3 unseen in seeds',
    values: [0, 1, 2, 3],
  },
  { name: 'context', description: 'irrelevant sentences before the request', values: [0, 1, 2] },
];

/** Builds a spec from one value per knob; `seed` picks among equally fitting intents and the distractors. */
export function toolWorldSpecFromKnobs(
  values: Record<string, string | number>,
  seed: number,
): ParseResult<ToolWorldSpec> {
  const chosen: Record<string, number> = {};
  for (const knob of TOOLWORLD_KNOBS) {
    const raw = values[knob.name];
    if (raw === undefined) return { ok: false, reason: `missing knob ${knob.name}` };
    const value = Number(raw);
    if (!knob.values.includes(value))
      return {
        ok: false,
        reason: `knob ${knob.name} must be one of ${knob.values.join(', ')}, got ${JSON.stringify(raw)}`,
      };
    chosen[knob.name] = value;
  }
  for (const name of Object.keys(values)) {
    if (!TOOLWORLD_KNOBS.some((knob) => knob.name === name)) return { ok: false, reason: `unknown knob ${name}` };
  }
  const random = new Random(seed);
  const sameChain = INTENTS.filter((item) => item.calls.length === chosen.chain);
  const distance = (arity: number) => Math.abs(arity - chosen.arguments!);
  const best = Math.min(...sameChain.map((item) => distance(intentArity(item))));
  const item = random.pick(sameChain.filter((candidate) => distance(intentArity(candidate)) === best));
  const used = new Set(intentTools(item));
  const distractors = random.shuffle(TOOL_NAMES.filter((name) => !used.has(name))).slice(0, chosen.distractors);
  const parsed = ToolWorldSpecSchema.safeParse({
    intent: item.id,
    distractors,
    phrasing: chosen.paraphrase,
    words: chosen.words,
    context: chosen.context,
    slots: {},
  });
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: describeZodError(parsed.error) };
}

/**
 * The knob values of a spec (inverse of `toolWorldSpecFromKnobs` up to the seed's free choices): a
 * distractor count between knob values maps to the nearest one (ties to the harder). Null for an
 * unknown intent.
 */
export function toolWorldKnobValuesOf(spec: ToolWorldSpec): Record<string, number> | null {
  const item = intentById(spec.intent);
  if (!item) return null;
  const counts = TOOLWORLD_KNOBS.find((knob) => knob.name === 'distractors')!.values as readonly number[];
  const distractors = counts.reduce((best, value) =>
    Math.abs(value - spec.distractors.length) <= Math.abs(best - spec.distractors.length) ? value : best,
  );
  return {
    chain: item.calls.length,
    arguments: intentArity(item),
    distractors,
    words: spec.words,
    paraphrase: spec.phrasing,
    context: spec.context,
  };
}
