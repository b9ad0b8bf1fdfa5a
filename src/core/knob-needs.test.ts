import { describe, expect, it } from 'vitest';
import { createClausesWorld } from '../domains/clauses/index.ts';
import { createLadderWorld } from '../domains/ladder/index.ts';
import { GenEnvError } from '../interfaces/index.ts';
import { deriveSeed } from '../util/random.ts';
import { knobNeedsRefusal } from './knob-needs.ts';
import { uniformProposals } from './task-source.ts';

describe('what needs the knobs of a domain', () => {
  const clauses = createClausesWorld({ heldOutSize: 4 });
  const ladder = createLadderWorld({ heldOutSize: 4 });
  const bare = { name: 'bare', knobs: [] };

  it('refuses the frontier sampler on a world without knobs, and lets everything else run', () => {
    expect(knobNeedsRefusal({ variant: 'sampler', frontierShare: 0 }, clauses)).toBe(
      "the sampler variant draws the frontier sampler over the domain's knobs; domain clauses declares no difficulty knobs",
    );
    expect(knobNeedsRefusal({ variant: 'sampler-frozen', frontierShare: 0 }, clauses)).toMatch(/^the sampler-frozen/);
    expect(knobNeedsRefusal({ variant: 'genenv', frontierShare: 0.75 }, clauses)).toBe(
      "frontierShare 0.75 draws task types over the domain's knobs; domain clauses declares no difficulty knobs " +
        '(set frontierShare to 0)',
    );
    for (const variant of [
      'genenv',
      'paper',
      'random',
      'uniform',
      'dynamic',
      'dynamic-frozen',
      'selector',
      'static',
      'base',
    ] as const)
      expect(knobNeedsRefusal({ variant, frontierShare: 0 }, clauses), variant).toBeNull();
    // paper and random never draw the sampler, whatever frontierShare says.
    expect(knobNeedsRefusal({ variant: 'paper', frontierShare: 0.75 }, clauses)).toBeNull();
    expect(knobNeedsRefusal({ variant: 'uniform', frontierShare: 0 }, bare)).toMatch(/no drawSpec$/);
    expect(knobNeedsRefusal({ variant: 'selector', frontierShare: 0 }, bare)).toMatch(/^the selector .* no drawSpec$/);
    // The frozen simulator's proposals need neither knobs nor a grammar draw.
    expect(knobNeedsRefusal({ variant: 'dynamic-frozen', frontierShare: 0 }, bare)).toBeNull();
    expect(knobNeedsRefusal({ variant: 'sampler', frontierShare: 0.75 }, ladder)).toBeNull();
  });

  it('draws the uniform baseline from the grammar of a world without knobs, the same for the same seed', () => {
    const drawn = uniformProposals(clauses, 5, 42);
    expect(drawn.rejected).toEqual([]);
    expect(drawn.proposals).toHaveLength(5);
    expect(drawn.proposals.map((proposal) => proposal.spec)).toEqual(
      drawn.proposals.map((_, position) => clauses.drawSpec!(deriveSeed(42, 'spec', position))),
    );
    for (const proposal of drawn.proposals) {
      expect(proposal).toMatchObject({ contextId: '', policyVersion: 'uniform' });
      expect(proposal.raw).toBe(clauses.formatSpec(proposal.spec as never));
    }
    expect(uniformProposals(clauses, 5, 42)).toEqual(drawn);
    expect(() => uniformProposals({ ...clauses, drawSpec: undefined }, 1, 1)).toThrow(GenEnvError);
  });
});
