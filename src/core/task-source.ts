import {
  type Domain,
  type SimulatorPolicy,
  GenEnvError,
  messageLine,
  type Proposal,
  type ProposalRecord,
  type SimulatorContext,
} from '../interfaces/index.ts';
import { deriveSeed, Random, stableId } from '../util/random.ts';
import type { RejectedProposal } from './task-type.ts';

/** Proposals of a (trained or frozen) simulator or teacher for the given contexts. */
export async function proposeFrom(
  policy: SimulatorPolicy,
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

/**
 * Domain randomisation (the `uniform` variant, and dynamic sampling's draws): `count` task types whose knob values
 * are drawn uniformly (each knob's values with equal probability), built by the domain's own `specFromKnobs`; on a
 * domain without knobs, `count` draws from its whole grammar (`drawSpec`, the position-th from its own derived
 * seed). A draw the domain cannot build is rejected with its reason, as an invalid proposal. Deterministic in
 * `seed`. GenEnvError('config') for a domain with neither knobs nor `drawSpec`.
 */
export function uniformProposals(
  domain: Domain,
  count: number,
  seed: number,
): { proposals: Proposal[]; rejected: RejectedProposal[] } {
  if (domain.knobs.length === 0) return grammarProposals(domain, count, seed);
  const random = new Random(seed);
  const draws = Array.from({ length: count }, () =>
    Object.fromEntries(domain.knobs.map((knob) => [knob.name, random.pick(knob.values)])),
  );
  return knobProposals(domain, draws, seed, 'uniform');
}

/**
 * One task type per knob-value draw, built by the domain's `specFromKnobs` (the `uniform` variant's draws and the
 * frontier sampler's cells). A draw the domain cannot build is rejected with its reason. Deterministic in `seed`.
 */
export function knobProposals(
  domain: Domain,
  draws: readonly Record<string, string | number>[],
  seed: number,
  source: 'uniform' | 'frontier',
): { proposals: Proposal[]; rejected: RejectedProposal[] } {
  const proposals: Proposal[] = [];
  const rejected: RejectedProposal[] = [];
  draws.forEach((values, position) => {
    const proposal = { id: stableId([source, seed, position]), contextId: '', sample: values };
    let built: ReturnType<Domain['specFromKnobs']>;
    try {
      built = domain.specFromKnobs(values, deriveSeed(seed, 'spec', position));
    } catch (error) {
      built = { ok: false, reason: `domain error: ${messageLine(error)}` };
    }
    if (built.ok)
      proposals.push({ ...proposal, raw: domain.formatSpec(built.value), spec: built.value, policyVersion: source });
    else
      rejected.push({
        proposal: { ...proposal, raw: JSON.stringify(values), policyVersion: source },
        context: null,
        source,
        spec: null,
        family: null,
        reason: built.reason,
      });
  });
  return { proposals, rejected };
}

/** `count` uniform proposals of a domain without knobs, each `drawSpec` of its own seed derived from `seed`. */
function grammarProposals(
  domain: Domain,
  count: number,
  seed: number,
): { proposals: Proposal[]; rejected: RejectedProposal[] } {
  if (!domain.drawSpec)
    throw new GenEnvError(
      'config',
      `the uniform draw needs the domain's knobs or its grammar; domain ${domain.name} declares neither (knobs, drawSpec)`,
    );
  const proposals: Proposal[] = [];
  const rejected: RejectedProposal[] = [];
  for (let position = 0; position < count; position++) {
    const proposal = { id: stableId(['uniform', seed, position]), contextId: '', policyVersion: 'uniform' };
    try {
      const spec = domain.drawSpec(deriveSeed(seed, 'spec', position));
      proposals.push({ ...proposal, raw: domain.formatSpec(spec), spec });
    } catch (error) {
      rejected.push({
        proposal: { ...proposal, raw: '' },
        context: null,
        source: 'uniform',
        spec: null,
        family: null,
        reason: `domain error: ${messageLine(error)}`,
      });
    }
  }
  return { proposals, rejected };
}
