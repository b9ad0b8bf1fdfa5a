/**
 * The grammar of the toolworld compact spec (see compact-spec.ts), in its canonical field order:
 *
 *   intent|p<0-3>|w<0-2>|c<0-2>[|d:<tool>[,<tool>…]][|s:<slot>=<value>]
 *
 * Intent and tool names come from the catalogue; distractors are distinct tools the intent does not call
 * (at most MAX_DISTRACTORS); at most one slot is fixed (as in the seeds), to a value that executes for the
 * intent at that words level in every probe. So every complete text parses and instantiates. Started for a
 * family, only that family's intents open the spec.
 */
import type { InstantiateResult, SpecGrammar } from '../../interfaces/index.ts';
import { deriveSeed } from '../../util/random.ts';
import { type ChoiceStep, choiceGrammar } from '../choice-grammar.ts';
import { INTENT_IDS, intentById, intentTools } from './intents.ts';
import { CONTEXT_LEVELS, MAX_DISTRACTORS, PHRASING_LEVELS, type ToolWorldSpec, WORDS_LEVELS } from './spec.ts';
import { TOOL_NAMES } from './tools.ts';
import type { ToolWorldPayload } from './variation.ts';

type Instantiate = (spec: ToolWorldSpec, n: number, seed: number) => InstantiateResult<ToolWorldPayload>;

/** Variations drawn per intent to collect the values a slot takes. */
const VALUE_DRAWS = 16;
/** Probe seeds a fixed value must instantiate under (4 variations each) to be offered. */
const PROBES = 2;

/** The intents of a family; every intent for '' or a family the catalogue does not have. */
function intentsOf(family: string): readonly string[] {
  const inFamily = INTENT_IDS.filter((id) => intentById(id)!.family === family);
  return inFamily.length > 0 ? inFamily : INTENT_IDS;
}

const levels = (prefix: string, count: number) => Array.from({ length: count }, (_, level) => `${prefix}${level}`);

/** The toolworld spec grammar over a domain's `instantiate` (used to probe which fixed slot values execute). */
export function toolWorldGrammar(instantiate: Instantiate, seeds: readonly ToolWorldSpec[]): SpecGrammar {
  const slotOptions = slotValueOptions(instantiate, seeds);
  return choiceGrammar((made, family): ChoiceStep => {
    if (made.length === 0) return { options: intentsOf(family), canEnd: false };
    if (made.length === 1) return { options: levels('|p', PHRASING_LEVELS), canEnd: false };
    if (made.length === 2) return { options: levels('|w', WORDS_LEVELS), canEnd: false };
    if (made.length === 3) return { options: levels('|c', CONTEXT_LEVELS), canEnd: false };
    const rest = made.slice(4);
    if (rest.some((segment) => segment.startsWith('|s:'))) return { options: [], canEnd: true };
    const intent = made[0]!;
    const words = Number(made[2]!.slice(2));
    const chosen = new Set(rest.map((segment) => segment.replace(/^(\|d:|,)/, '')));
    const needed = new Set(intentTools(intentById(intent)!));
    const free = TOOL_NAMES.filter((tool) => !needed.has(tool) && !chosen.has(tool));
    const distractors =
      rest.length === 0
        ? free.map((tool) => `|d:${tool}`)
        : rest.length < MAX_DISTRACTORS
          ? free.map((t) => `,${t}`)
          : [];
    return { options: [...distractors, ...slotOptions(intent, words)], canEnd: true };
  });
}

/**
 * `|s:<slot>=<value>` segments for an intent at a words level: the values its variations draw for the slot and
 * the values seeds fix, kept where a spec fixing that one value instantiates under every probe seed and
 * round-trips through the compact text. Computed once per (intent, words) pair.
 */
function slotValueOptions(
  instantiate: Instantiate,
  seeds: readonly ToolWorldSpec[],
): (intent: string, words: number) => string[] {
  const cache = new Map<string, string[]>();
  return (intent, words) => {
    const key = `${intent}|${words}`;
    let options = cache.get(key);
    if (options) return options;
    const base: ToolWorldSpec = { intent, distractors: [], phrasing: 0, words, context: 0, slots: {} };
    const drawn = new Map<string, Set<string>>();
    for (const seed of seeds.filter((spec) => spec.intent === intent)) {
      for (const [slot, value] of Object.entries(seed.slots))
        drawn.set(slot, (drawn.get(slot) ?? new Set()).add(value));
    }
    const result = instantiate(base, VALUE_DRAWS, deriveSeed(0, 'grammar-values', intent));
    for (const instance of result.ok ? result.instances : []) {
      for (const [slot, value] of Object.entries(instance.payload.slots)) {
        drawn.set(slot, (drawn.get(slot) ?? new Set()).add(value));
      }
    }
    options = [...drawn].flatMap(([slot, values]) =>
      [...values]
        .sort()
        .filter((value) => roundTrips(value) && executesEverywhere(instantiate, { ...base, slots: { [slot]: value } }))
        .map((value) => `|s:${slot}=${value}`),
    );
    cache.set(key, options);
    return options;
  };
}

function executesEverywhere(instantiate: Instantiate, spec: ToolWorldSpec): boolean {
  for (let probe = 0; probe < PROBES; probe++) {
    if (!instantiate(spec, 4, deriveSeed(0, 'grammar-probe', probe)).ok) return false;
  }
  return true;
}

/** A value the compact text can carry: no separators, no outer spaces (ToolWorldSpecSchema's slot rule). */
const roundTrips = (value: string) => /^[^|,=\n\r"{}]{1,40}$/.test(value) && value.trim() === value;
