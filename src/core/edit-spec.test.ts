import { describe, expect, it } from 'vitest';
import { createClausesWorld } from '../domains/clauses/index.ts';
import { createLadderWorld } from '../domains/ladder/index.ts';
import type { Domain } from '../interfaces/index.ts';
import { Random } from '../util/random.ts';
import { choiceTextsGrammar } from '../policies/builtin/grammar-constraint.ts';
import { EDIT_SPAN, editChoices, editSpec, GrammarWalker, grammarWalker } from './edit-spec.ts';

/** Characters of `edited` outside the common prefix and suffix of the two texts: what was removed and written. */
function changed(original: string, edited: string): { removed: number; written: number } {
  let prefix = 0;
  while (prefix < Math.min(original.length, edited.length) && original[prefix] === edited[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < Math.min(original.length, edited.length) - prefix &&
    original[original.length - 1 - suffix] === edited[edited.length - 1 - suffix]
  )
    suffix++;
  return { removed: original.length - prefix - suffix, written: edited.length - prefix - suffix };
}

describe('random edits in the spec grammar', () => {
  const worlds: [string, Domain][] = [
    ['clauses', createClausesWorld({ heldOutSize: 1 }) as Domain],
    ['ladder', createLadderWorld({ heldOutSize: 1 }) as Domain],
  ];

  it.each(worlds)('edits a %s task type into another valid one, a stretch of a few characters', (_, domain) => {
    const walker = grammarWalker(domain)!;
    const random = new Random(11);
    for (const seed of domain.seeds().slice(0, 30)) {
      const text = domain.formatSpec(seed.spec);
      const edited = editSpec(domain, walker, seed.spec, random);
      expect(edited, text).not.toBeNull();
      expect(domain.specSchema.safeParse(edited).success).toBe(true);
      const editedText = domain.formatSpec(edited);
      expect(editedText).not.toBe(text);
      expect(domain.instantiate(edited, 2, 1).ok).toBe(true);
      const { removed, written } = changed(text, editedText);
      expect(removed).toBeLessThanOrEqual(EDIT_SPAN);
      expect(written).toBeLessThanOrEqual(EDIT_SPAN);
    }
  });

  it('on the clauses world inserts, deletes and rewrites clauses, and is the same given its seed', () => {
    const [, domain] = worlds[0]!;
    const walker = grammarWalker(domain)!;
    const parent = domain.parseSpec('role,not team');
    if (!parent.ok) throw new Error(parent.reason);
    const random = new Random(5);
    const lengths = new Set<number>();
    for (let draw = 0; draw < 200; draw++) {
      const edited = editSpec(domain, walker, parent.value, random) as { clauses: unknown[] };
      lengths.add(edited.clauses.length);
    }
    expect([...lengths].sort()).toEqual(expect.arrayContaining([1, 2, 3]));
    const first = editChoices(domain, walker, parent.value, 32, new Random(9));
    expect(first.length).toBeGreaterThan(16);
    expect(new Set(first.map((spec) => domain.formatSpec(spec))).size).toBe(first.length);
    expect(first.map((spec) => domain.formatSpec(spec))).not.toContain('role,not team');
    expect(editChoices(domain, walker, parent.value, 32, new Random(9))).toEqual(first);
  });

  it('finds no edit where the grammar holds the text alone, and no walker without a grammar', () => {
    const walker = new GrammarWalker(choiceTextsGrammar(['only']));
    expect(walker.edit('only', new Random(1))).toBeNull();
    const two = new GrammarWalker(choiceTextsGrammar(['ab', 'ac']));
    expect(two.edit('ab', new Random(1))).toBe('ac');
    const [, clauses] = worlds[0]!;
    expect(grammarWalker({ ...clauses, specGrammar: undefined })).toBeNull();
  });
});
