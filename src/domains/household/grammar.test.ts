import { describe, expect, it } from 'vitest';
import { grammarState } from '../../interfaces/index.ts';
import { Random } from '../../util/random.ts';
import { DESTINATIONS, LAMP_HOLDERS, TARGETS, TASKS } from './catalogue.ts';
import { createHousehold } from './domain.ts';
import { householdGrammar } from './grammar.ts';

const domain = createHousehold({ heldOutSize: 1 });
const grammar = householdGrammar();

const accepts = (text: string, family?: string) => {
  const state = grammarState(grammar, text, grammar.initial(family));
  return state !== null && grammar.complete(state);
};

/** Parses and instantiates `text` (one variation under `seed`); the reason where it does not. */
function playable(text: string, seed: number): string {
  const parsed = domain.parseSpec(text);
  if (!parsed.ok) return parsed.reason;
  const result = domain.instantiate(parsed.value, 1, seed);
  return result.ok ? '' : result.reason;
}

describe('household spec grammar', () => {
  it('accepts the canonical texts the schema accepts and refuses the others', () => {
    for (const text of ['clean|mug>countertop|r4|p2|d3|c1', 'look|book>desk|r2|p2|d0|c2', 'two|pen>safe|r6|p6|d6|c3'])
      expect(accepts(text), text).toBe(true);
    for (const text of [
      'clean|mug>countertop|r4|p5|d3|c1',
      'look|book>countertop|r2|p1|d0|c0',
      'heat|keychain>safe|r2|p1|d0|c0',
      'pick|apple>safe|r2|p1|d0|c3',
      'pick|apple>safe|r7|p1|d0|c0',
      'pick|apple>safe|r2|p1|d7|c0',
      'pick|apple>safe|r2|p1|d0',
      'pick|apple>safe|r2|p1|d0|c0|',
    ])
      expect(accepts(text), text).toBe(false);
  });

  it('keeps a family: started for a task type, only that task type opens the spec', () => {
    expect(accepts('heat|mug>shelf|r3|p1|d0|c0', 'heat')).toBe(true);
    expect(accepts('cool|mug>shelf|r3|p1|d0|c0', 'heat')).toBe(false);
    expect(accepts('cool|mug>shelf|r3|p1|d0|c0', 'no-such-family')).toBe(true);
  });

  it('reads object names that are prefixes of others (pen, pencil) and counts the characters left', () => {
    expect(accepts('pick|pen>shelf|r2|p1|d0|c0')).toBe(true);
    expect(accepts('pick|pencil>shelf|r2|p1|d0|c0')).toBe(true);
    expect(grammar.remaining(grammarState(grammar, 'pick|pen>shelf|r2|p1|d0|')!)).toBe(2);
    expect(grammar.remaining(grammar.initial('two'))).toBe('two|cd>sofa|r2|p1|d0|c0'.length);
  });

  // Every combination of task, destination and scene numbers, each with two seeds, was played once offline
  // (23,478 specs, none rejected); this test keeps to every task × object, every task × destination and
  // every task × scene shape.
  it('writes only playable specs: every object and destination of each task, and every scene shape', () => {
    const random = new Random(5);
    const failures: string[] = [];
    const check = (text: string) => {
      expect(accepts(text), text).toBe(true);
      const reason = playable(text, random.int(0, 1_000_000));
      if (reason) failures.push(`${text}: ${reason}`);
    };
    const scene = () => `|r${random.int(2, 6)}|p1|d${random.int(0, 6)}|c${random.int(0, 2)}`;
    for (const task of TASKS) {
      const places = task === 'look' ? LAMP_HOLDERS : DESTINATIONS;
      for (const object of TARGETS[task]) check(`${task}|${object}>${random.pick(places)}${scene()}`);
      for (const place of places) check(`${task}|${random.pick(TARGETS[task])}>${place}${scene()}`);
    }
    for (const task of TASKS)
      for (let receptacles = 2; receptacles <= 6; receptacles++)
        for (let position = 1; position <= receptacles; position++)
          for (let closed = 0; closed <= Math.min(3, receptacles); closed++) {
            const object = random.pick(TARGETS[task]);
            const place = random.pick(task === 'look' ? LAMP_HOLDERS : DESTINATIONS);
            check(`${task}|${object}>${place}|r${receptacles}|p${position}|d${random.int(0, 6)}|c${closed}`);
          }
    expect(failures).toEqual([]);
  });
});
