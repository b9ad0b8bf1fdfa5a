import { describe, expect, it } from 'vitest';
import { describeDomainContract } from '../../../test/contracts/domain-contract.ts';
import { grammarState } from '../../interfaces/spec-grammar.ts';
import { Random } from '../../util/random.ts';
import { ATTRIBUTES } from './directory.ts';
import { createLadderWorld } from './domain.ts';
import { drawSpec } from './knobs.ts';
import { MAX_DISTRACTORS, MAX_WIDTH } from './spec.ts';

describeDomainContract('ladder of width 3', () => createLadderWorld({ heldOutSize: 40, width: 3 }), {
  invalidSpecTexts: ['f:role|x19', 'f:role|x-1', 'f:|x0', '{"filters":["role"],"distractors":19}'],
});

describe('ladder width', () => {
  it('width 1 is the original ladder: distractors 0–6', () => {
    const original = createLadderWorld({ heldOutSize: 20 });
    const one = createLadderWorld({ heldOutSize: 20, width: 1 });
    expect(one.knobs).toEqual(original.knobs);
    expect(original.knobs.find((knob) => knob.name === 'distractors')!.values).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(original.parseSpec('f:role|x7').ok).toBe(false);
  });

  it('widens the distractor knob, its grammar, parser and instances, and keeps the seeds and held-out sets', () => {
    const original = createLadderWorld({ heldOutSize: 30 });
    const wide = createLadderWorld({ heldOutSize: 30, width: 3 });
    expect(wide.knobs.find((knob) => knob.name === 'distractors')!.values).toHaveLength(3 * MAX_DISTRACTORS + 1);
    expect(wide.knobs.find((knob) => knob.name === 'constraints')!.values).toHaveLength(ATTRIBUTES.length);
    const grammar = wide.specGrammar!();
    const random = new Random(5);
    for (const distractors of [0, 7, 12, 18]) {
      const spec = drawSpec(4, distractors, random);
      const text = wide.formatSpec(spec);
      const state = grammarState(grammar, text);
      expect(state, text).not.toBeNull();
      expect(grammar.complete(state!)).toBe(true);
      expect(wide.parseSpec(text)).toEqual({ ok: true, value: spec });
      const built = wide.specFromKnobs({ constraints: 4, distractors }, 9);
      expect(built.ok && built.value.distractors).toBe(distractors);
    }
    expect(grammarState(grammar, 'f:role|x19')).toBeNull();
    expect(wide.specFromKnobs({ constraints: 1, distractors: 19 }, 1).ok).toBe(false);
    const ids = (world: typeof wide) =>
      world.heldOutSets().flatMap((set) => set.instances.map((instance) => instance.id));
    expect(ids(wide)).toEqual(ids(original));
    expect(wide.seeds()).toEqual(original.seeds());
  });

  it('writes the widest request within a few hundred characters: it fits the agent’s context', () => {
    const widest = createLadderWorld({ heldOutSize: 10, width: MAX_WIDTH });
    const spec = drawSpec(ATTRIBUTES.length, MAX_DISTRACTORS * MAX_WIDTH, new Random(1));
    const result = widest.instantiate(spec, 20, 4);
    if (!result.ok) throw new Error(result.reason);
    for (const instance of result.instances) {
      const prompt = widest.render(instance);
      expect(prompt.text.split(', ')).toHaveLength(ATTRIBUTES.length + MAX_DISTRACTORS * MAX_WIDTH);
      expect(prompt.text.length).toBeLessThan(400);
    }
  });

  it('refuses a width out of range and rungs beyond the width, in one line', () => {
    expect(() => createLadderWorld({ width: 0 })).toThrow(/^domain\.options\.width: /);
    expect(() => createLadderWorld({ width: MAX_WIDTH + 1 })).toThrow(/^domain\.options\.width: /);
    expect(() => createLadderWorld({ hardRungs: { constraints: [3, 4], distractors: [8, 10] } })).toThrow(
      /hardRungs.distractors reaches 10, above the 6 of width 1/,
    );
    expect(() =>
      createLadderWorld({ width: 2, hardRungs: { constraints: [3, 4], distractors: [8, 10] } }),
    ).not.toThrow();
  });
});
