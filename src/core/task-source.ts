import type { Domain, EnvironmentPolicy, Proposal, ProposalRecord, SimulatorContext } from '../interfaces/index.ts';
import { stableId } from '../util/random.ts';

/** Proposals of a (trained or frozen) simulator or teacher for the given contexts. */
export async function proposeFrom(
  policy: EnvironmentPolicy,
  contexts: SimulatorContext[],
  seed: number,
  temperature: number,
): Promise<Proposal[]> {
  return contexts.length ? await policy.propose(contexts, { seed, temperature }) : [];
}

/** Seed tasks as proposals (the `base` variant, and base data in every agent batch). */
export function seedProposals(domain: Domain, contexts: readonly SimulatorContext[], epoch: number): Proposal[] {
  return contexts.map((context, index) => ({
    id: stableId(['seed', epoch, index, context.seed.id]),
    contextId: context.id,
    raw: domain.formatSpec(context.seed.spec),
    spec: context.seed.spec,
    policyVersion: 'seed',
  }));
}

/** The slice of a dataset of specs for one epoch (offline variant from a file), cycling through it. */
export function datasetProposals(
  domain: Domain,
  specs: readonly unknown[],
  contexts: readonly SimulatorContext[],
  epoch: number,
  perEpoch: number,
): Proposal[] {
  return contexts.slice(0, perEpoch).map((context, index) => {
    const position = ((epoch - 1) * perEpoch + index) % specs.length;
    const spec = specs[position];
    const parsed = domain.specSchema.safeParse(spec);
    return {
      id: stableId(['offline', epoch, index, position]),
      contextId: context.id,
      raw: parsed.success ? domain.formatSpec(parsed.data) : JSON.stringify(spec),
      spec,
      policyVersion: 'dataset',
    };
  });
}

/**
 * The static variant's share of its pre-generated pool for epoch t ≥ 1: valid pool entries split evenly
 * over the epochs. Attempted copies get ids `<pool id>@<epoch>` so the pool itself stays intact.
 */
export function staticSlice(pool: readonly ProposalRecord[], epoch: number, epochs: number): Proposal[] {
  const valid = pool.filter((record) => record.valid);
  const perEpoch = Math.ceil(valid.length / epochs);
  return valid.slice((epoch - 1) * perEpoch, epoch * perEpoch).map((record) => ({
    id: `${record.id}@${epoch}`,
    contextId: record.contextId ?? '',
    raw: record.raw,
    spec: record.spec,
    ...(record.sample !== null ? { sample: record.sample } : {}),
    policyVersion: record.simulatorVersion ?? 'static',
  }));
}
