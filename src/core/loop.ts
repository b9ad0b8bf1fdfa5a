import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type {
  Domain,
  EnvironmentPolicy,
  EventSink,
  RunConfig,
  RunSummary,
  SimulatorDemonstration,
  SimulatorRecord,
  TrainableAgent,
  TrainableSimulator,
  UpdateStats,
} from '../interfaces/index.ts';
import { RunStore } from '../store/run-store.ts';
import type { EpochCommit, InstanceRecord, PoolEnvRecord, ProposalRecord } from '../store/records.ts';
import { writeDirectoryAtomic } from '../util/files.ts';
import { Random, deriveSeed, stableId } from '../util/random.ts';
import { agentDemonstrations } from './agent-demonstrations.ts';
import { buildContexts } from './contexts.ts';
import { computeEpochMetrics } from './epoch-metrics.ts';
import { evaluateHeldOut } from './evaluate.ts';
import { failpoint } from './failpoints.ts';
import { rehearsalDemonstrations } from './rehearsal.ts';
import { attemptTaskTypes } from './rollout.ts';
import { simulatorWeights } from './task-outcome.ts';
import {
  countsAsSynthetic,
  datasetTasks,
  proposeFrom,
  seedTasks,
  staticSlice,
  type EpochTasks,
} from './task-source.ts';
import type { AttemptedTaskType, TaskType } from './task-type.ts';
import { validateProposals } from './validate.ts';

/** Everything the loop needs; it names no backend and no domain. */
export interface CoevolutionInput {
  config: RunConfig;
  domain: Domain;
  agent: TrainableAgent;
  simulator: TrainableSimulator;
  store: RunStore;
  /** Offline variant: a teacher simulator, or a dataset of specs. */
  teacher?: EnvironmentPolicy;
  offlineSpecs?: unknown[];
  onEvent?: EventSink;
}

const namespaced = (prefix: string, stats: UpdateStats) =>
  Object.fromEntries(
    Object.entries(stats)
      .filter(([, value]) => Number.isFinite(value))
      .map(([key, value]) => [`${prefix}/${key}`, value]),
  );

/**
 * The GenEnv co-evolution loop (paper Algorithm 1) and its variants. Epoch 0 is the warm start and an
 * evaluation before any co-evolution update; epochs 1..E generate, roll out, update both players and
 * aggregate. Every epoch commits atomically; a run resumes from its last committed epoch.
 */
export async function runCoevolution(input: CoevolutionInput): Promise<RunSummary> {
  const { config, domain, agent, simulator, store } = input;
  const emit: EventSink = input.onEvent ?? (() => {});
  const seeds = domain.seeds();
  const heldOut = domain.heldOutSets();
  const identity = { preset: config.preset, seed: config.seed, variant: config.variant, domain: domain.name };
  const agentLabel = () => `agent-v${agent.version}`;
  const simulatorLabel = () => `env-v${simulator.version}`;

  const contextsFor = (epoch: number, count: number) =>
    buildContexts(
      seeds,
      count,
      deriveSeed(config.seed, epoch, 'contexts'),
      (family) => store.familyStatistics(family, epoch, config.familyWindow),
      config.alpha,
    );

  /** The task types an epoch attempts, per variant. Epoch 0 evaluates the warm-started simulator. */
  const tasksFor = async (epoch: number): Promise<EpochTasks> => {
    const contexts = contextsFor(epoch, config.tasksPerEpoch);
    const proposeSeed = deriveSeed(config.seed, epoch, 'propose');
    switch (epoch === 0 && config.variant !== 'base' && config.variant !== 'offline' ? 'genenv' : config.variant) {
      case 'genenv':
      case 'random':
        return proposeFrom(simulator, contexts, proposeSeed, config.simulatorTemperature, 'simulator');
      case 'static':
        return staticSlice(store.proposals(0, 'static-pool'), epoch, config.epochs);
      case 'base':
        return seedTasks(domain, contexts, epoch);
      case 'offline':
        if (input.teacher)
          return proposeFrom(input.teacher, contexts, proposeSeed, config.simulatorTemperature, 'offline');
        if (input.offlineSpecs?.length)
          return datasetTasks(domain, input.offlineSpecs, contexts, Math.max(1, epoch), config.tasksPerEpoch);
        throw new Error('the offline variant needs a teacher policy or a dataset of specs');
    }
  };

  /** Replay: instances drawn from D_train, re-attempted on-policy and added to the agent's batch. */
  const replayTaskTypes = (epoch: number, freshCount: number): TaskType[] => {
    const wanted = Math.round(config.replayFraction * freshCount);
    if (wanted === 0) return [];
    const pool = store.trainPoolInstances();
    if (pool.length === 0) return [];
    const random = new Random(deriveSeed(config.seed, epoch, 'replay'));
    return Array.from({ length: wanted }, (_, index) => {
      const instance = random.pick(pool);
      const id = stableId(['replay', epoch, index, instance.id]);
      const record: ProposalRecord = {
        id,
        epoch,
        source: 'replay',
        contextId: null,
        seedId: null,
        family: instance.family,
        raw: '',
        spec: null,
        sample: null,
        valid: true,
        reason: null,
        successRate: null,
        envReward: null,
        inBand: null,
        weight: null,
        features: instance.features,
        simulatorVersion: null,
        agentVersion: agentLabel(),
      };
      return { record, spec: null, instances: [instance], context: null, proposal: null };
    });
  };

  /** Base data: seed task types attempted on-policy and added to the agent's batch (not to p̂ or R_env). */
  const baseTaskTypes = (epoch: number, freshCount: number): TaskType[] => {
    const wanted = config.variant === 'base' ? 0 : Math.round(config.baseFraction * freshCount);
    if (wanted === 0) return [];
    const tasks = seedTasks(
      domain,
      contextsFor(epoch, wanted).map((context) => ({ ...context, id: `base-${context.id}` })),
      epoch,
    );
    return validateProposals(tasks.proposals, tasks.contexts, {
      domain,
      epoch,
      runSeed: config.seed,
      variations: config.variations,
      source: 'seed',
      agentVersion: agentLabel(),
    }).valid.map((taskType) => ({ ...taskType, record: { ...taskType.record, id: `base-${taskType.record.id}` } }));
  };

  const saveCheckpoint = async (epoch: number): Promise<string> => {
    const name = RunStore.checkpointName(epoch);
    await writeDirectoryAtomic(join(store.directory, name), async (folder) => {
      mkdirSync(join(folder, 'agent'));
      mkdirSync(join(folder, 'simulator'));
      await agent.save(join(folder, 'agent'));
      await simulator.save(join(folder, 'simulator'));
    });
    return name;
  };

  /** One epoch: generate, roll out, update, aggregate, evaluate, commit. */
  const runEpoch = async (
    epoch: number,
    previousSynthetic: number,
    warmStats: UpdateStats,
    warmSeconds = 0,
  ): Promise<number> => {
    const started = performance.now() - warmSeconds * 1000;
    const extra: Record<string, number> = { ...warmStats };
    const proposalsToStore: ProposalRecord[] = [];
    let invalidProposals = 0;

    if (epoch === 0 && config.variant === 'static') {
      // The static variant generates its whole synthetic set once, before any training.
      const total = Math.round(config.epochs * config.tasksPerEpoch * config.staticMultiplier);
      const pool = await proposeFrom(
        simulator,
        contextsFor(-1, total),
        deriveSeed(config.seed, 'static-pool'),
        config.simulatorTemperature,
        'static-pool',
      );
      const checked = validateProposals(pool.proposals, pool.contexts, {
        domain,
        epoch,
        runSeed: config.seed,
        variations: config.variations,
        source: 'static-pool',
        agentVersion: agentLabel(),
      });
      proposalsToStore.push(...checked.valid.map((taskType) => taskType.record), ...checked.invalid);
      extra['pool/staticInvalid'] = checked.invalid.length;
    }

    emit({ type: 'phase', epoch, phase: 'generate' });
    const tasks = await tasksFor(epoch);
    const checked = validateProposals(tasks.proposals, tasks.contexts, {
      domain,
      epoch,
      runSeed: config.seed,
      variations: config.variations,
      source: tasks.source,
      agentVersion: agentLabel(),
    });
    invalidProposals += checked.invalid.length;
    const replay =
      epoch === 0
        ? []
        : [...replayTaskTypes(epoch, checked.valid.length), ...baseTaskTypes(epoch, checked.valid.length)];

    emit({ type: 'phase', epoch, phase: 'rollout' });
    const rolloutSettings = { epoch, agentVersion: agentLabel(), config };
    const attempted = await attemptTaskTypes(agent, domain, checked.valid, {
      ...rolloutSettings,
      seed: deriveSeed(config.seed, epoch, 'rollout'),
    });
    const replayed = replay.length
      ? await attemptTaskTypes(agent, domain, replay, {
          ...rolloutSettings,
          seed: deriveSeed(config.seed, epoch, 'replay-rollout'),
        })
      : [];

    const weights = simulatorWeights(attempted, config);
    const scored: AttemptedTaskType[] = attempted.map((taskType, index) => ({
      ...taskType,
      record: { ...taskType.record, weight: weights[index]! },
    }));
    let syntheticSamples = previousSynthetic;
    if (epoch > 0) {
      emit({ type: 'phase', epoch, phase: 'update-agent' });
      const groups = [...scored, ...replayed].flatMap((taskType) => taskType.groups);
      // D_train as committed so far (epochs < this one) plus base data; this epoch's traces join it at commit.
      const rehearsal = rehearsalDemonstrations(
        domain,
        seeds,
        config.rehearsal > 0 ? store.successfulTraces() : [],
        config.rehearsal,
        config.rehearsalTraceShare,
        deriveSeed(config.seed, epoch, 'rehearsal'),
      );
      if (config.rehearsal > 0) extra['pool/rehearsal'] = rehearsal.length;
      Object.assign(
        extra,
        namespaced(
          'agent',
          await agent.update({ groups, rehearsal }, { seed: deriveSeed(config.seed, epoch, 'agent-update') }),
        ),
      );
      if (countsAsSynthetic(tasks.source))
        syntheticSamples += scored.reduce((sum, taskType) => sum + taskType.instances.length, 0);

      if (config.variant === 'genenv') {
        emit({ type: 'phase', epoch, phase: 'update-simulator' });
        const records: SimulatorRecord[] = scored
          .filter((taskType) => taskType.record.weight! > 0 && taskType.context && taskType.proposal)
          .map((taskType) => ({
            context: taskType.context!,
            proposal: taskType.proposal!,
            target: domain.formatSpec(taskType.spec),
            successRate: taskType.successRate,
            envReward: taskType.envReward,
            weight: taskType.record.weight!,
          }));
        Object.assign(
          extra,
          namespaced(
            'simulator',
            await simulator.update({ records }, { seed: deriveSeed(config.seed, epoch, 'simulator-update') }),
          ),
        );
      }
    }

    emit({ type: 'phase', epoch, phase: 'evaluate' });
    const heldOutAccuracy = await evaluateHeldOut(
      agent,
      domain,
      heldOut,
      deriveSeed(config.seed, epoch, 'held-out'),
      config.heldOutLimit,
    );

    emit({ type: 'phase', epoch, phase: 'commit' });
    const pools = store.poolSizes();
    const trainAdded = [...scored, ...replayed].reduce(
      (sum, taskType) => sum + taskType.traces.filter((trace) => trace.train).length,
      0,
    );
    const poolEnv: PoolEnvRecord[] =
      tasks.source === 'simulator'
        ? scored.map((taskType) => ({
            proposalId: taskType.record.id,
            weight: taskType.record.weight!,
            envReward: taskType.envReward,
            successRate: taskType.successRate,
          }))
        : [];
    extra['pool/train'] = pools.train + trainAdded;
    extra['pool/env'] = pools.env + poolEnv.length;
    const metrics = computeEpochMetrics({
      epoch,
      taskTypes: scored,
      invalidProposals,
      heldOutAccuracy,
      syntheticSamples,
      extra,
    });
    const instances: InstanceRecord[] = [...scored, ...replayed].flatMap((taskType) =>
      taskType.instances.map((instance) => ({ proposalId: taskType.record.id, epoch, instance })),
    );
    proposalsToStore.push(
      ...scored.map((taskType) => taskType.record),
      ...replayed.map((taskType) => taskType.record),
      ...checked.invalid,
    );
    const checkpoint = await saveCheckpoint(epoch);
    const commit: EpochCommit = {
      epoch,
      metrics,
      checkpoint,
      agentVersion: agentLabel(),
      simulatorVersion: simulatorLabel(),
      wallSeconds: (performance.now() - started) / 1000,
      proposals: proposalsToStore,
      instances,
      traces: [...scored, ...replayed].flatMap((taskType) => taskType.traces),
      poolEnv,
    };
    failpoint('before-commit', epoch);
    store.commit(commit);
    failpoint('after-commit', epoch);
    store.writeOutputs(identity);
    store.pruneCheckpoints(config.checkpointEvery);
    emit({ type: 'epoch-end', epoch, metrics });
    return syntheticSamples;
  };

  const last = store.lastCommittedEpoch();
  emit({ type: 'run-start', epochs: config.epochs, startEpoch: last === null ? 0 : last + 1 });
  let synthetic = 0;
  if (last === null) {
    emit({ type: 'phase', epoch: 0, phase: 'warm-start' });
    const warmStarted = performance.now();
    const warmStats = await warmStart(config, domain, agent, simulator, seeds, contextsFor);
    // Epoch 0's wall time includes the warm start, so summary.wallSeconds is the whole run.
    synthetic = await runEpoch(0, 0, warmStats, (performance.now() - warmStarted) / 1000);
  } else {
    const checkpoint = store.checkpointOf(last);
    if (checkpoint === null) throw new Error(`epoch ${last} has no checkpoint`);
    await agent.load(join(store.directory, checkpoint, 'agent'));
    await simulator.load(join(store.directory, checkpoint, 'simulator'));
    synthetic = store.metrics().at(-1)!.syntheticSamples;
  }
  for (let epoch = (last ?? 0) + 1; epoch <= config.epochs; epoch++) {
    synthetic = await runEpoch(epoch, synthetic, {});
  }
  const summary = store.writeOutputs(identity);
  emit({ type: 'run-end', wallSeconds: summary.wallSeconds });
  return summary;
}

/** SFT warm start of both players on the seeds (before epoch 0's evaluation). */
async function warmStart(
  config: RunConfig,
  domain: Domain,
  agent: TrainableAgent,
  simulator: TrainableSimulator,
  seeds: ReturnType<Domain['seeds']>,
  contextsFor: (epoch: number, count: number) => ReturnType<typeof buildContexts>,
): Promise<UpdateStats> {
  const demonstrations = agentDemonstrations(domain, seeds, config.warmStartVariations, config.seed);
  const agentStats = demonstrations.length
    ? await agent.warmStart(demonstrations, { seed: deriveSeed(config.seed, 'warm-start', 'agent') })
    : {};
  // The simulator learns to vary a seed: each context (a seed) is paired with another seed of the same
  // family as its target, so it writes new specs of that family rather than copying its context.
  const contexts = contextsFor(-2, seeds.length);
  const byFamily = new Map<string, typeof seeds>();
  for (const seed of seeds) byFamily.set(seed.family, [...(byFamily.get(seed.family) ?? []), seed]);
  const random = new Random(deriveSeed(config.seed, 'warm-start', 'pairs'));
  const simulatorDemonstrations: SimulatorDemonstration[] = contexts.map((context) => {
    const family = byFamily.get(context.seed.family)!;
    const others = family.length > 1 ? family.filter((seed) => seed.id !== context.seed.id) : family;
    const target = random.pick(others);
    return { context, target: domain.formatSpec(target.spec), spec: target.spec };
  });
  const simulatorStats = await simulator.warmStart(simulatorDemonstrations, {
    seed: deriveSeed(config.seed, 'warm-start', 'simulator'),
  });
  return {
    ...namespaced('warmstart/agent', agentStats),
    ...namespaced('warmstart/simulator', simulatorStats),
    'warmstart/demonstrations': demonstrations.length,
  };
}
