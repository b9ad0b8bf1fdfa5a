import { describe, expect, it } from 'vitest';
import { describeDomainContract } from '../../../test/contracts/domain-contract.ts';
import { GenEnvError } from '../../interfaces/errors.ts';
import { grammarState } from '../../interfaces/spec-grammar.ts';
import type { Completion, TaskInstance } from '../../interfaces/task.ts';
import { Random } from '../../util/random.ts';
import { formatCalls } from '../tool-call-syntax.ts';
import { ATTRIBUTES } from './directory.ts';
import { createLadderWorld } from './domain.ts';
import { drawSpec } from './knobs.ts';
import { type LadderSpec, rungOf } from './spec.ts';
import { ANY, type LadderPayload } from './variation.ts';

const answer = (text: string): Completion => ({ text, policyVersion: 'test' });

/** Wrong answers one edit away from the gold calls. */
function nearMisses(payload: LadderPayload): Completion[] {
  const [find, act] = payload.calls;
  const given = Object.entries(find!.arguments).find(([, value]) => value !== ANY)!;
  const open = Object.entries(find!.arguments).find(([, value]) => value === ANY);
  const ruledOut = payload.mentions.find((mention) => mention.ruledOut);
  const misses = [
    // A given attribute left open.
    [{ ...find!, arguments: { ...find!.arguments, [given[0]]: ANY } }, act!],
    // The action on someone else, or another action.
    [find!, { ...act!, arguments: { person: 'Nobody' } }],
    [find!, { ...act!, name: act!.name === 'email' ? 'call' : 'email' }],
    // One call missing, one call too many.
    [find!],
    [find!, act!, act!],
  ];
  if (open) misses.push([{ ...find!, arguments: { ...find!.arguments, [open[0]]: given[1] } }, act!]);
  if (ruledOut)
    misses.push([{ ...find!, arguments: { ...find!.arguments, [ruledOut.attribute]: ruledOut.value } }, act!]);
  return misses.map((calls) => answer(formatCalls(calls)));
}

describeDomainContract('ladder', () => createLadderWorld({ heldOutSize: 40 }), {
  nearMisses: (instance) => nearMisses((instance as TaskInstance<LadderPayload>).payload),
  invalidSpecTexts: [
    'f:|x0',
    'f:role,role|x1',
    'f:height|x0',
    'f:role|x7',
    'f:role|x-1',
    'p:city',
    '{"filters":[],"distractors":0}',
    '{"filters":["role"],"distractors":2.5}',
  ],
});

describe('ladder world', () => {
  const domain = createLadderWorld({ heldOutSize: 60 });
  const random = new Random(3);

  it('writes every knob cell through its grammar, each text canonical and complete', () => {
    const grammar = domain.specGrammar!();
    for (const knob of domain.knobs) expect(knob.values.length).toBeGreaterThanOrEqual(6);
    for (let constraints = 1; constraints <= ATTRIBUTES.length; constraints++) {
      for (let distractors = 0; distractors <= 6; distractors++) {
        const spec = drawSpec(constraints, distractors, random);
        const text = domain.formatSpec(spec);
        const state = grammarState(grammar, text);
        expect(state, text).not.toBeNull();
        expect(grammar.complete(state!), text).toBe(true);
        expect(domain.knobValuesOf!(spec)).toEqual({ constraints, distractors });
        expect(rungOf(spec)).toBe(2 * (constraints - 1) + distractors);
      }
    }
    expect(grammarState(grammar, 'f:team,role|x0')).toBeNull();
  });

  it('asks for the given attributes, rules out values the person does not have, and answers in two calls', () => {
    const spec: LadderSpec = { filters: ['role', 'age', 'desk'], distractors: 4 };
    const result = domain.instantiate(spec, 20, 9);
    if (!result.ok) throw new Error(result.reason);
    for (const { payload } of result.instances) {
      const [find, act] = payload.calls;
      expect(Object.keys(find!.arguments)).toEqual([...ATTRIBUTES]);
      for (const attribute of ATTRIBUTES) {
        const given = payload.mentions.find((mention) => mention.attribute === attribute && !mention.ruledOut);
        expect(find!.arguments[attribute]).toBe(given ? given.value : ANY);
      }
      const ruledOut = payload.mentions.filter((mention) => mention.ruledOut);
      expect(ruledOut).toHaveLength(4);
      expect(new Set(ruledOut.map((mention) => `${mention.attribute}=${mention.value}`)).size).toBe(4);
      for (const mention of ruledOut) expect(find!.arguments[mention.attribute]).not.toBe(mention.value);
      expect(act).toEqual({ name: payload.action, arguments: { person: '$' } });
      expect(payload.request.split(', ')).toHaveLength(7);
    }
  });

  it('accepts the found person written out, $1 and any letter case; refuses the rest with 0 and unreadable text as invalid', () => {
    const instance = domain.heldOutSets()[1]!.instances[0]! as TaskInstance<LadderPayload>;
    const { calls, person } = instance.payload;
    const gold = formatCalls(calls);
    expect(domain.score(instance, answer(gold))).toEqual({ reward: 1, success: true });
    expect(domain.score(instance, answer(gold.replace('person=$', `person=${person}`))).success).toBe(true);
    expect(domain.score(instance, answer(gold.replace('person=$', 'person=$1'))).success).toBe(true);
    const shouting = gold.replace(/=([^,);]+)/g, (_, value: string) => `=${value.toUpperCase()}`);
    expect(domain.score(instance, answer(shouting)).success).toBe(true);
    expect(domain.score(instance, answer(gold.replace('person=$', 'person=$2'))).success).toBe(false);
    const garbage = domain.score(instance, answer('find_person(role=chef'));
    expect(garbage).toMatchObject({ reward: 0, success: false });
    expect(garbage.invalid).toBeTruthy();
  });

  it('draws test-id on the seed rungs and test-hard on the hard rungs, the same every time', () => {
    const rungs = (name: string) =>
      domain
        .heldOutSets()
        .find((set) => set.name === name)!
        .instances.map((instance) => instance.features.rung!);
    expect(Math.max(...rungs('test-id'))).toBeLessThanOrEqual(3);
    expect(Math.min(...rungs('test-hard'))).toBeGreaterThanOrEqual(6);
    expect(Math.max(...domain.seeds().map((seed) => rungOf(seed.spec)))).toBeLessThanOrEqual(3);
    const again = createLadderWorld({ heldOutSize: 60 });
    const ids = (world: typeof domain) =>
      world.heldOutSets().flatMap((set) => set.instances.map((instance) => instance.id));
    expect(ids(again)).toEqual(ids(domain));
  });

  it('gives bad options one config error', () => {
    expect(() => createLadderWorld({ hardRungs: { constraints: [5, 3] } })).toThrow(GenEnvError);
    expect(() => createLadderWorld({ seedRungs: { constraints: [0, 2] } })).toThrow(/seedRungs/);
    // @ts-expect-error: the options' type refuses an unknown key too.
    expect(() => createLadderWorld({ colour: 1 })).toThrow(/^domain\.options\.colour: unknown key$/);
  });
});
