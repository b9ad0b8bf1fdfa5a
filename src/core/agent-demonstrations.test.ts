import { describe, expect, it } from 'vitest';
import { createHousehold } from '../domains/household/index.ts';
import { createLadderWorld } from '../domains/ladder/index.ts';
import { agentDemonstrations, warmStartSplit } from './agent-demonstrations.ts';
import { demonstrationsOf } from './episodes.ts';

describe("the agent's warm-start data", () => {
  const domain = createLadderWorld({});
  const seeds = domain.seeds().slice(0, 30);

  it('without a validation share, trains on every instance, as before the split existed', () => {
    const split = warmStartSplit(domain, seeds, 4, 0, 3);
    expect(split.validation).toEqual([]);
    expect(split.training).toEqual(agentDemonstrations(domain, seeds, 4, 3));
    expect(split.training).toHaveLength(120);
  });

  it('holds out a share of the instances that training never sees, the rest in their order', () => {
    const all = agentDemonstrations(domain, seeds, 4, 3);
    const split = warmStartSplit(domain, seeds, 4, 0.1, 3);
    expect(split.validation).toHaveLength(12);
    expect(split.training).toHaveLength(108);
    // A prompt's id is its instance's.
    const held = new Set(split.validation.map((instance) => instance.id));
    expect(split.training.filter((demonstration) => held.has(demonstration.prompt.id))).toEqual([]);
    expect(split.training).toEqual(all.filter((demonstration) => !held.has(demonstration.prompt.id)));
    expect(warmStartSplit(domain, seeds, 4, 0.1, 3)).toEqual(split);
  });

  it('holds out whole episodes of an interactive domain, every turn of one', () => {
    const household = createHousehold({});
    const split = warmStartSplit(household, household.seeds().slice(0, 10), 2, 0.5, 1);
    expect(split.validation).toHaveLength(10);
    const perInstance = split.validation.map((instance) => demonstrationsOf(household, instance).length);
    const all = agentDemonstrations(household, household.seeds().slice(0, 10), 2, 1);
    expect(split.training.length + perInstance.reduce((sum, turns) => sum + turns, 0)).toBe(all.length);
  });
});
