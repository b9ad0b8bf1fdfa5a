import { GenEnvError, type Proposal, type SimulatorContext, type TaskSource } from '../interfaces/index.ts';
import { Random, stableId } from '../util/random.ts';
import type { EpochRecord } from './epoch-record.ts';
import { frontierTaskTypes } from './frontier-source.ts';
import { keepWithinChoices } from './context-choices.ts';
import { withHistory } from './context-history.ts';
import { editCountOf, editProposals, withParentEdits } from './edit-source.ts';
import { withFrontierParents } from './parent-contexts.ts';
import { contextsFor, type RunContext } from './run-context.ts';
import { selectorProposals } from './selector-source.ts';
import { datasetProposals, proposeFrom, seedProposals, staticSlice, uniformProposals } from './task-source.ts';
import type { RejectedProposal, TaskType } from './task-type.ts';
import { type ValidationResult, validateProposals } from './validate.ts';

/**
 * Algorithm 1, steps 1–2: contexts, proposals from the epoch's source and their validation, plus the D_train
 * task types (replay, base data) that the agent attempts beside them from epoch 1 on.
 */
export async function generate(run: RunContext, record: EpochRecord<TaskType>): Promise<EpochRecord<TaskType>> {
  const { epoch } = record;
  run.emit({ type: 'phase', epoch, phase: 'generate' });
  const staticPool = epoch === 0 && run.plan.generatesPoolUpFront ? await generateStaticPool(run) : null;
  const frontierCount = frontierShareOf(run, epoch);
  const editCount = editCountOf(run, epoch, run.config.tasksPerEpoch - frontierCount);
  const proposed = await proposalsOf(run, epoch, record.source, run.config.tasksPerEpoch - frontierCount - editCount);
  const simulated = validate(run, epoch, record.source, proposed.proposals, proposed.contexts);
  const frontierContexts =
    frontierCount > 0
      ? withHistory(run, epoch, contextsFor(run, epoch, frontierCount, run.streams.frontierContexts(epoch)))
      : [];
  const frontier = frontierCount > 0 ? await frontierTaskTypes(run, epoch, frontierContexts, simulated.valid) : null;
  const frontierChecked = frontier ? validate(run, epoch, 'frontier', frontier.proposals, frontier.contexts) : null;
  const edits = editCount > 0 ? editProposals(run, epoch, editCount) : null;
  const editsChecked = edits
    ? validate(run, epoch, 'frontier', edits.proposals, withHistory(run, epoch, edits.contexts))
    : null;
  const checked: ValidationResult = {
    valid: [...simulated.valid, ...(frontierChecked?.valid ?? []), ...(editsChecked?.valid ?? [])],
    rejected: [
      ...simulated.rejected,
      ...(frontier?.rejected ?? []),
      ...(frontierChecked?.rejected ?? []),
      ...(edits?.rejected ?? []),
      ...(editsChecked?.rejected ?? []),
    ],
  };
  // A static-k× slice trains on all of its task types, so it gets base data for all of them. Dynamic sampling draws
  // and screens its task types in the attempt phase: its extras are those of a full epoch, as every variant's are.
  const fresh = record.source === 'dynamic' ? run.config.tasksPerEpoch : checked.valid.length;
  return {
    ...record,
    extra: staticPool ? { ...record.extra, 'pool/staticInvalid': staticPool.rejected.length } : record.extra,
    staticPool,
    generated: checked.valid,
    rejected: [...proposed.rejected, ...checked.rejected],
    replayAndBase: epoch === 0 ? [] : [...replayTaskTypes(run, epoch, fresh), ...baseTaskTypes(run, epoch, fresh)],
  };
}

const validate = (
  run: RunContext,
  epoch: number,
  source: TaskSource,
  proposals: readonly Proposal[],
  contexts: readonly SimulatorContext[],
): ValidationResult =>
  keepWithinChoices(
    run.domain,
    validateProposals(proposals, new Map(contexts.map((context) => [context.id, context])), {
      domain: run.domain,
      variations: run.config.variations,
      source,
      instantiateSeed: (proposalId) => run.streams.instantiate(epoch, proposalId),
    }),
  );

interface Proposed {
  proposals: Proposal[];
  contexts: SimulatorContext[];
  /** Draws rejected before validation (a uniform draw the domain could not build). */
  rejected: RejectedProposal[];
}

/**
 * How many of the epoch's fresh task types the frontier sampler draws: `frontierShare` of them from epoch 1 on, in
 * variants that use it, on domains with knobs; epoch 0 keeps the warm-started simulator's proposals for every
 * variant.
 */
function frontierShareOf(run: RunContext, epoch: number): number {
  const { config, plan, domain } = run;
  if (epoch === 0 || plan.frontier === 'none') return 0;
  if (plan.frontier === 'all') {
    if (domain.knobs.length === 0)
      throw new GenEnvError(
        'config',
        `the ${config.variant} variant draws the domain's knobs; domain ${domain.name} has none`,
      );
    return config.tasksPerEpoch;
  }
  if (config.frontierShare === 0 || domain.knobs.length === 0) return 0;
  return Math.round(config.frontierShare * config.tasksPerEpoch);
}

/** `count` proposals of one epoch from its source, with the contexts they answer. */
async function proposalsOf(run: RunContext, epoch: number, source: TaskSource, count: number): Promise<Proposed> {
  const { config, streams } = run;
  // Dynamic sampling draws its task types while it screens them (`dynamic-sampling.ts`), in the attempt phase.
  if (count === 0 || source === 'dynamic') return { proposals: [], contexts: [], rejected: [] };
  if (source === 'static')
    return {
      proposals: staticSlice(run.store.proposals(0, 'static-pool'), epoch, config.epochs),
      contexts: [],
      rejected: [],
    };
  if (source === 'uniform') return { ...uniformProposals(run.domain, count, streams.uniform(epoch)), contexts: [] };
  if (source === 'selector') return { ...selectorProposals(run, epoch, count), contexts: [] };
  const seedContexts = contextsFor(run, epoch, count, streams.contexts(epoch));
  const contexts =
    source === 'simulator'
      ? withHistory(run, epoch, withParentEdits(run, epoch, withFrontierParents(run, epoch, seedContexts)))
      : seedContexts;
  const found = (proposals: Proposal[]): Proposed => ({ proposals, contexts, rejected: [] });
  if (source === 'seed') return found(seedProposals(run.domain, contexts, epoch));
  const temperature = config.simulatorTemperature;
  if (source === 'simulator')
    return found(await proposeFrom(run.simulator, contexts, streams.propose(epoch), temperature));
  if (run.teacher) return found(await proposeFrom(run.teacher, contexts, streams.propose(epoch), temperature));
  if (run.offlineSpecs?.length)
    return found(datasetProposals(run.domain, run.offlineSpecs, contexts, Math.max(1, epoch), count));
  throw new GenEnvError('config', 'the offline variant needs a teacher policy or a dataset of specs');
}

/** The static variant's whole synthetic set: epochs × tasksPerEpoch × staticMultiplier proposals. */
async function generateStaticPool(run: RunContext): Promise<ValidationResult> {
  const { config, streams } = run;
  const total = Math.round(config.epochs * config.tasksPerEpoch * config.staticMultiplier);
  const contexts = contextsFor(run, null, total, streams.staticPoolContexts());
  const proposals = await proposeFrom(
    run.simulator,
    contexts,
    streams.staticPoolProposals(),
    config.simulatorTemperature,
  );
  return validate(run, 0, 'static-pool', proposals, contexts);
}

/** Replay: instances drawn from D_train, re-attempted on-policy and added to the agent's batch. */
function replayTaskTypes(run: RunContext, epoch: number, freshCount: number): TaskType[] {
  const wanted = Math.round(run.config.replayFraction * freshCount);
  if (wanted === 0) return [];
  const pool = run.store.trainPool(epoch);
  if (pool.size === 0) return [];
  const random = new Random(run.streams.replay(epoch));
  return Array.from({ length: wanted }, (_, index) => {
    // The draw of Random.pick over the pool's instances, parsing only the one drawn.
    const instance = pool.instance(random.int(0, pool.size - 1));
    return {
      id: stableId(['replay', epoch, index, instance.id]),
      source: 'replay',
      family: instance.family,
      features: instance.features,
      instances: [instance],
      spec: null,
      proposal: null,
      context: null,
    };
  });
}

/** Base data: seed task types attempted on-policy and added to the agent's batch (not to p̂ or R_env). */
function baseTaskTypes(run: RunContext, epoch: number, freshCount: number): TaskType[] {
  const wanted = run.plan.addsBaseTasks ? Math.round(run.config.baseFraction * freshCount) : 0;
  if (wanted === 0) return [];
  const contexts = contextsFor(run, epoch, wanted, run.streams.contexts(epoch)).map((context) => ({
    ...context,
    id: `base-${context.id}`,
  }));
  const proposals = seedProposals(run.domain, contexts, epoch);
  return validate(run, epoch, 'seed', proposals, contexts).valid.map((taskType) => ({
    ...taskType,
    id: `base-${taskType.id}`,
  }));
}
