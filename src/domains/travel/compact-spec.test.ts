import { describe, expect, it } from 'vitest';
import { grammarState } from '../../interfaces/spec-grammar.ts';
import { formatTravelSpec, parseTravelSpec } from './compact-spec.ts';
import { travelFeatures } from './features.ts';
import { travelGrammar } from './grammar.ts';
import { travelKnobValuesOf, travelSpecFromKnobs } from './knobs.ts';
import { validShape } from './spec.ts';

describe('travel compact spec', () => {
  it('reads fields in any order with defaults, and JSON, and writes them back canonically', () => {
    const parsed = parseTravelSpec('f:Chinese,Indian | d5|tight|c2|h:children|to:Calder');
    expect(parsed).toEqual({
      ok: true,
      value: {
        days: 5,
        cities: 2,
        people: 1,
        budget: 'tight',
        distractors: 0,
        houseRule: 'children',
        roomType: null,
        cuisines: ['Chinese', 'Indian'],
        transport: null,
        origin: null,
        destination: 'Calder',
      },
    });
    if (!parsed.ok) return;
    expect(formatTravelSpec(parsed.value)).toBe('d5|c2|p1|tight|x0|h:children|f:Chinese,Indian|to:Calder');
    expect(
      parseTravelSpec(JSON.stringify({ days: 5, cities: 2, houseRule: 'children', budget: 'tight' })),
    ).toMatchObject({ ok: true, value: { houseRule: 'children', people: 1 } });
  });

  it('refuses trip shapes that cannot be, with the allowed range', () => {
    expect(parseTravelSpec('d2|c2')).toEqual({
      ok: false,
      reason: expect.stringContaining('a 2-day trip visits 1–1 cities, not 2'),
    });
    expect(parseTravelSpec('d7|c1').ok).toBe(false);
    const shapes = [2, 3, 4, 5, 7].flatMap((days) => [1, 2, 3].filter((cities) => validShape(days, cities)));
    expect(shapes).toHaveLength(11);
  });
});

describe('travel knobs and grammar', () => {
  it('builds specs from knobs, refusing impossible shapes with the reason, and inverts them', () => {
    const built = travelSpecFromKnobs({ days: 5, cities: 2, constraints: 3, budget: 'medium', distractors: 1 }, 4);
    expect(built.ok).toBe(true);
    if (built.ok)
      expect(travelKnobValuesOf(built.value)).toEqual({
        days: 5,
        cities: 2,
        constraints: 3,
        budget: 'medium',
        distractors: 1,
      });
    const impossible = travelSpecFromKnobs({ days: 2, cities: 3, constraints: 0, budget: 'loose', distractors: 0 }, 1);
    expect(impossible).toEqual({ ok: false, reason: expect.stringContaining('a 2-day trip visits 1–1 cities') });
    expect(travelSpecFromKnobs({ days: 6, cities: 1, constraints: 0, budget: 'loose', distractors: 0 }, 1).ok).toBe(
      false,
    );
  });

  it('orders difficulty: a two-day trip with nothing asked is 0, a tight week through three cities above 5', () => {
    const easy = parseTravelSpec('d2|c1');
    const hard = parseTravelSpec('d7|c3|p4|tight|x2|h:pets|r:entire|f:Chinese,Indian|t:nodrive');
    if (!easy.ok || !hard.ok) throw new Error('specs');
    expect(travelFeatures(easy.value).difficulty).toBe(0);
    expect(travelFeatures(hard.value)).toMatchObject({ fullDays: 3, constraints: 4, budgetTightness: 2 });
    expect(travelFeatures(hard.value).difficulty).toBeGreaterThan(5);
  });

  it('accepts only canonical specs with possible shapes, distinct cuisines and no fixed places', () => {
    const grammar = travelGrammar();
    const complete = (text: string) => {
      const state = grammarState(grammar, text);
      return state !== null && grammar.complete(state);
    };
    expect(complete('d2|c1|p1|loose|x0')).toBe(true);
    expect(complete('d7|c3|p8|tight|x2|h:children|r:notshared|f:Chinese,Indian,French|t:nodrive')).toBe(true);
    expect(grammarState(grammar, 'd2|c2')).toBeNull();
    expect(grammarState(grammar, 'd7|c1')).toBeNull();
    expect(grammarState(grammar, 'd3|c1|p1|loose|x0|o:')).toBeNull();
    expect(grammarState(grammar, 'd3|c1|p1|loose|x0|f:Chinese,Chinese')).toBeNull();
    expect(grammarState(grammar, 'd3|c1|p1|loose|x0|f:Chinese,Indian,French,Italian')).toBeNull();
    expect(grammarState(grammar, 'd3|c1|p1|loose|x0|t:noflight|h:pets')).toBeNull();
    expect(grammar.remaining(grammar.initial())).toBe('d2|c1|p1|loose|x0'.length);
  });
});
