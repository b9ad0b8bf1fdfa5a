import { GenEnvError, type TaskSource } from '../interfaces/index.ts';
import { Random, stableId } from '../util/random.ts';
import { contextsFor, type RunContext } from './run-context.ts';
import { datasetTasks, type EpochTasks, proposeFrom, seedTasks, staticSlice } from './task-source.ts';
import type { RejectedProposal, TaskType } from './task-type.ts';
import { type ValidationResult, validateProposals } from './validate.ts';

/** What the generate phase hands on: this epoch's task types, and the D_train tasks the agent re-attempts. */
export interface GeneratedEpoch {
  source: TaskSource;
  /** This epoch's valid task types: their p̂ and R_env are the curriculum's signal. */
  generated: TaskType[];
  rejected: RejectedProposal[];
  /** The static variant's pool, generated once at epoch 0 before any training; null otherwise. */
  staticPool: ValidationResult | null;
  /** Instances of D_train re-attempted on-policy (`replayFraction`). */
  replay: TaskType[];
  /** Seed tasks attempted on-policy as base data (`baseFraction`). */
  base: TaskType[];
}

/** Algorithm 1, steps 1–2: contexts, proposals (per variant) and their validation. */
export async function generate(run: RunContext, epoch: number): Promise<GeneratedEpoch> {
  const staticPool = epoch === 0 && run.plan.generatesPoolUpFront ? await generateStaticPool(run) : null;
  const tasks = await epochTasks(run, epoch);
  const checked = validate(run, epoch, tasks);
  // A static-k× slice trains on all of its task types, so it gets base data for all of them.
  const fresh = checked.valid.length;
  return {
    source: tasks.source,
    generated: checked.valid,
    rejected: checked.rejected,
    staticPool,
    replay: epoch === 0 ? [] : replayTaskTypes(run, epoch, fresh),
    base: epoch === 0 ? [] : baseTaskTypes(run, epoch, fresh),
  };
}

const validate = (run: RunContext, epoch: number, tasks: EpochTasks): ValidationResult =>
  validateProposals(tasks.proposals, tasks.contexts, {
    domain: run.domain,
    variations: run.config.variations,
    source: tasks.source,
    instantiateSeed: (proposalId) => run.streams.instantiate(epoch, proposalId),
  });

/** The proposals of one epoch, from the source its variant uses (epoch 0 evaluates the warm start). */
async function epochTasks(run: RunContext, epoch: number): Promise<EpochTasks> {
  const { config, streams } = run;
  const source = epoch === 0 ? run.plan.epochZeroSource : run.plan.source;
  if (source === 'static') return staticSlice(run.store.proposals(0, 'static-pool'), epoch, config.epochs);
  const contexts = contextsFor(run, epoch, config.tasksPerEpoch, streams.contexts(epoch));
  if (source === 'seed') return seedTasks(run.domain, contexts, epoch);
  const temperature = config.simulatorTemperature;
  if (source === 'simulator') return proposeFrom(run.simulator, contexts, streams.propose(epoch), temperature, source);
  if (run.teacher) return proposeFrom(run.teacher, contexts, streams.propose(epoch), temperature, 'offline');
  if (run.offlineSpecs?.length)
    return datasetTasks(run.domain, run.offlineSpecs, contexts, Math.max(1, epoch), config.tasksPerEpoch);
  throw new GenEnvError('config', 'the offline variant needs a teacher policy or a dataset of specs');
}

/** The static variant's whole synthetic set: epochs × tasksPerEpoch × staticMultiplier proposals. */
async function generateStaticPool(run: RunContext): Promise<ValidationResult> {
  const { config, streams } = run;
  const total = Math.round(config.epochs * config.tasksPerEpoch * config.staticMultiplier);
  const contexts = contextsFor(run, null, total, streams.staticPoolContexts());
  const pool = await proposeFrom(
    run.simulator,
    contexts,
    streams.staticPoolProposals(),
    config.simulatorTemperature,
    'static-pool',
  );
  return validate(run, 0, pool);
}

/** Replay: instances drawn from D_train, re-attempted on-policy and added to the agent's batch. */
function replayTaskTypes(run: RunContext, epoch: number, freshCount: number): TaskType[] {
  const wanted = Math.round(run.config.replayFraction * freshCount);
  if (wanted === 0) return [];
  const pool = run.store.trainPoolInstances();
  if (pool.length === 0) return [];
  const random = new Random(run.streams.replay(epoch));
  return Array.from({ length: wanted }, (_, index) => {
    const instance = random.pick(pool);
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
  const contexts = contextsFor(run, epoch, wanted, run.streams.contexts(epoch));
  const tasks = seedTasks(
    run.domain,
    contexts.map((context) => ({ ...context, id: `base-${context.id}` })),
    epoch,
  );
  return validate(run, epoch, tasks).valid.map((taskType) => ({ ...taskType, id: `base-${taskType.id}` }));
}
