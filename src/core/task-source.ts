import type {
  Domain,
  EnvironmentPolicy,
  Proposal,
  ProposalRecord,
  SimulatorContext,
  TaskSource,
} from '../interfaces/index.ts';
import { stableId } from '../util/random.ts';

/** The proposals an epoch attempts, the contexts they answer, and where they came from. */
export interface EpochTasks {
  proposals: Proposal[];
  contexts: Map<string, SimulatorContext>;
  source: TaskSource;
}

export const contextMap = (contexts: readonly SimulatorContext[]) =>
  new Map(contexts.map((context) => [context.id, context]));

/** Proposals of a (trained or frozen) simulator or teacher for the given contexts. */
export async function proposeFrom(
  policy: EnvironmentPolicy,
  contexts: SimulatorContext[],
  seed: number,
  temperature: number,
  source: TaskSource,
): Promise<EpochTasks> {
  const proposals = contexts.length ? await policy.propose(contexts, { seed, temperature }) : [];
  return { proposals, contexts: contextMap(contexts), source };
}

/** Seed tasks as proposals (the `base` variant, and base data in every agent batch). */
export function seedTasks(domain: Domain, contexts: SimulatorContext[], epoch: number): EpochTasks {
  const proposals = contexts.map((context, index) => ({
    id: stableId(['seed', epoch, index, context.seed.id]),
    contextId: context.id,
    raw: domain.formatSpec(context.seed.spec),
    spec: context.seed.spec,
    policyVersion: 'seed',
  }));
  return { proposals, contexts: contextMap(contexts), source: 'seed' };
}

/** The slice of a dataset of specs for one epoch (offline variant from a file), cycling through it. */
export function datasetTasks(
  domain: Domain,
  specs: readonly unknown[],
  contexts: SimulatorContext[],
  epoch: number,
  perEpoch: number,
): EpochTasks {
  const proposals = contexts.slice(0, perEpoch).map((context, index) => {
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
  return { proposals, contexts: contextMap(contexts), source: 'offline' };
}

/**
 * The static variant's share of its pre-generated pool for epoch t ≥ 1: valid pool entries split evenly
 * over the epochs. Attempted copies get ids `<pool id>@<epoch>` so the pool itself stays intact.
 */
export function staticSlice(pool: readonly ProposalRecord[], epoch: number, epochs: number): EpochTasks {
  const valid = pool.filter((record) => record.valid);
  const perEpoch = Math.ceil(valid.length / epochs);
  const slice = valid.slice((epoch - 1) * perEpoch, epoch * perEpoch);
  const proposals: Proposal[] = slice.map((record) => ({
    id: `${record.id}@${epoch}`,
    contextId: record.contextId ?? '',
    raw: record.raw,
    spec: record.spec,
    ...(record.sample !== null ? { sample: record.sample } : {}),
    policyVersion: record.simulatorVersion ?? 'static',
  }));
  return { proposals, contexts: new Map(), source: 'static' };
}
