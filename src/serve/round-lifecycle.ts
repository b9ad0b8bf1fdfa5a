import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildContexts } from '../core/contexts.ts';
import { computeEpochMetrics } from '../core/epoch-metrics.ts';
import { simulatorWeights } from '../core/task-outcome.ts';
import { contextMap, countsAsSynthetic, proposeFrom } from '../core/task-source.ts';
import type { AttemptedTaskType, TaskType } from '../core/task-type.ts';
import { validateProposals } from '../core/validate.ts';
import type {
  Domain,
  Proposal,
  RunConfig,
  SimulatorContext,
  SimulatorRecord,
  TrainableSimulator,
  UpdateStats,
} from '../interfaces/index.ts';
import { RunStore } from '../store/run-store.ts';
import type { ProposalRecord } from '../store/records.ts';
import { writeDirectoryAtomic } from '../util/files.ts';
import { deriveSeed } from '../util/random.ts';
import { assessRound } from './round-assessment.ts';
import { Round } from './round.ts';

/** The trainer is the agent: its traces carry this version label. */
export const EXTERNAL_AGENT = 'external';

export interface CurriculumParts {
  config: RunConfig;
  domain: Domain;
  simulator: TrainableSimulator;
  store: RunStore;
}

/** An opened round with the proposals that failed validation (stored with the epoch). */
export interface OpenRound {
  round: Round;
  invalid: ProposalRecord[];
}

/** Simulator contexts of an epoch, with family statistics from the committed epochs (as `genenv run`). */
export function roundContexts(parts: CurriculumParts, epoch: number): SimulatorContext[] {
  const { config, store } = parts;
  return buildContexts(
    parts.domain.seeds(),
    config.tasksPerEpoch,
    deriveSeed(config.seed, epoch, 'contexts'),
    (family) => store.familyStatistics(family, epoch, config.familyWindow),
    config.alpha,
  );
}

/** The simulator's proposals for an epoch (Algorithm 1, steps 1–2 before validation). */
export async function proposeRound(
  parts: CurriculumParts,
  epoch: number,
): Promise<{ proposals: Proposal[]; contexts: SimulatorContext[] }> {
  const contexts = roundContexts(parts, epoch);
  const tasks = await proposeFrom(
    parts.simulator,
    contexts,
    deriveSeed(parts.config.seed, epoch, 'propose'),
    parts.config.simulatorTemperature,
    'simulator',
  );
  return { proposals: tasks.proposals, contexts };
}

/** Validates a round's proposals (the loop's `validateProposals`) and lays out its attempts. */
export function buildRound(
  parts: CurriculumParts,
  epoch: number,
  proposals: readonly Proposal[],
  contexts: readonly SimulatorContext[],
): OpenRound {
  const checked = validateProposals(proposals, contextMap([...contexts]), {
    domain: parts.domain,
    epoch,
    runSeed: parts.config.seed,
    variations: parts.config.variations,
    source: 'simulator',
    agentVersion: EXTERNAL_AGENT,
  });
  return { round: new Round(epoch, checked.valid, parts.config.samples), invalid: checked.invalid };
}

const namespaced = (prefix: string, stats: UpdateStats) =>
  Object.fromEntries(
    Object.entries(stats)
      .filter(([, value]) => Number.isFinite(value))
      .map(([key, value]) => [`${prefix}/${key}`, value]),
  );

/** RWR records of the weighted task types (the loop's step 6 input). */
function simulatorRecords(domain: Domain, scored: readonly AttemptedTaskType[]): SimulatorRecord[] {
  return scored
    .filter((taskType) => taskType.record.weight! > 0 && taskType.context && taskType.proposal)
    .map((taskType) => ({
      context: taskType.context!,
      proposal: taskType.proposal!,
      target: domain.formatSpec(taskType.spec),
      successRate: taskType.successRate,
      envReward: taskType.envReward,
      weight: taskType.record.weight!,
    }));
}

/**
 * Closes a complete round (Algorithm 1, steps 4, 6–8 with the trainer as the agent): p̂ → R_env → band
 * per task type, RWR weights, the simulator update (genenv variant, epochs ≥ 1), a simulator
 * checkpoint, and one atomic epoch commit of run.sqlite with metrics.jsonl and summary.json.
 * Returns the cumulative synthetic-sample count.
 */
export async function finishRound(
  parts: CurriculumParts,
  open: OpenRound,
  previousSynthetic: number,
  wallSeconds: number,
  extra: Record<string, number>,
): Promise<number> {
  const { config, domain, simulator, store } = parts;
  const { round } = open;
  const epoch = round.epoch;
  const attempted = assessRound(round, domain, config, EXTERNAL_AGENT);
  const weights = simulatorWeights(attempted, config);
  const scored = attempted.map((taskType, index) => ({
    ...taskType,
    record: { ...taskType.record, weight: weights[index]! },
  }));
  let synthetic = previousSynthetic;
  const stats: Record<string, number> = { ...extra };
  if (epoch > 0) {
    if (countsAsSynthetic('simulator')) synthetic += scored.reduce((sum, taskType) => sum + taskType.instances.length, 0);
    if (config.variant === 'genenv') {
      const update = await simulator.update(
        { records: simulatorRecords(domain, scored) },
        { seed: deriveSeed(config.seed, epoch, 'simulator-update') },
      );
      Object.assign(stats, namespaced('simulator', update));
    }
  }
  const pools = store.poolSizes();
  const traces = scored.flatMap((taskType) => taskType.traces);
  stats['pool/train'] = pools.train + traces.filter((trace) => trace.train).length;
  stats['pool/env'] = pools.env + scored.length;
  const metrics = computeEpochMetrics({
    epoch,
    taskTypes: scored,
    invalidProposals: open.invalid.length,
    heldOutAccuracy: {},
    syntheticSamples: synthetic,
    extra: stats,
  });
  const checkpoint = RunStore.checkpointName(epoch);
  await writeDirectoryAtomic(join(store.directory, checkpoint), async (folder) => {
    mkdirSync(join(folder, 'simulator'));
    await simulator.save(join(folder, 'simulator'));
  });
  store.commit({
    epoch,
    metrics,
    checkpoint,
    agentVersion: EXTERNAL_AGENT,
    simulatorVersion: `env-v${simulator.version}`,
    wallSeconds,
    proposals: [...scored.map((taskType) => taskType.record), ...open.invalid],
    instances: scored.flatMap((taskType: TaskType) =>
      taskType.instances.map((instance) => ({ proposalId: taskType.record.id, epoch, instance })),
    ),
    traces,
    poolEnv: scored.map((taskType) => ({
      proposalId: taskType.record.id,
      weight: taskType.record.weight!,
      envReward: taskType.envReward,
      successRate: taskType.successRate,
    })),
  });
  store.writeOutputs({ preset: config.preset, seed: config.seed, variant: config.variant, domain: domain.name });
  store.pruneCheckpoints(config.checkpointEvery);
  return synthetic;
}
