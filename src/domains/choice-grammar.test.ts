import { describe, expect, it } from 'vitest';
import { grammarState } from '../interfaces/index.ts';
import { choiceGrammar } from './choice-grammar.ts';

/** `a` or `ab`, then one or two distinct `,x` / `,y` segments. */
const grammar = choiceGrammar((made) => {
  if (made.length === 0) return { options: ['a', 'ab'], canEnd: false };
  const used = new Set(made.slice(1));
  const rest = made.length < 3 ? [',x', ',y'].filter((option) => !used.has(option)) : [];
  return { options: rest, canEnd: made.length > 1 };
});

const accepts = (text: string) => {
  const state = grammarState(grammar, text);
  return state !== null && grammar.complete(state);
};

describe('choice grammar', () => {
  it('accepts exactly the texts its choices spell', () => {
    for (const text of ['a,x', 'ab,y', 'a,x,y', 'ab,y,x']) expect(accepts(text), text).toBe(true);
    for (const text of ['a', 'ab', 'a,x,x', 'a,x,y,x', 'abx', 'b,x', 'a,z', ''])
      expect(accepts(text), text).toBe(false);
  });
  it('reads an option that is a prefix of another either way (a then ,x; ab then ,x)', () => {
    expect(grammarState(grammar, 'a')).not.toBeNull();
    expect(grammarState(grammar, 'ab')).not.toBeNull();
    expect(grammarState(grammar, 'a,')).not.toBeNull();
  });
  it('keys equal states equally and different states differently', () => {
    const key = (text: string) => grammar.key(grammarState(grammar, text)!);
    expect(key('a,x')).toBe(key('a,x'));
    expect(key('a,x')).not.toBe(key('a,y'));
    expect(key('a')).not.toBe(key('ab'));
  });
});
