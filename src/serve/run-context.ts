/**
 * How a run config is served: the plan (what the service hands out beside the simulator's task types, what it
 * leaves to the trainer, or why the config cannot be served) and the loop's run context for it: the trainer
 * as the agent, the simulator's proposals made durable, and the store read with the prefetch lag.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRunContext, type RunContext } from '../core/index.ts';
import {
  type AgentPrompt,
  type CoevolutionStore,
  type Completion,
  type Domain,
  type SimulatorPolicy,
  type FamilyHistory,
  GenEnvError,
  type Proposal,
  type RunConfig,
  type SimulatorContext,
  type TrainableAgent,
  type TrainableSimulator,
  type TrainPool,
  type UpdateStats,
  type Variant,
} from '../interfaces/index.ts';
import type { RunStore } from '../store/run-store.ts';

/** Variants a trainer can be served: their simulator proposes every epoch's task types, so there is a curriculum. */
const SERVED_VARIANTS: readonly Variant[] = ['genenv', 'random'];

/** What `genenv serve` does with a run config: what it hands out, and what it leaves to the trainer. */
export interface ServePlan {
  /** D_train instances handed out beside each epoch's fresh task types (epochs ≥ 1), as a share of them. */
  replayShare: number;
  /** Seed task types (base data) handed out beside them, as a share of them. */
  baseShare: number;
  /** What `genenv run`'s own agent does that the trainer does here. */
  trainerOwns: string[];
  /** One line per decision, printed at startup. */
  lines: string[];
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * Decides how a run config is served, or refuses it in one line. The service hands out everything
 * `genenv run` lets its agent attempt: the simulator's task types, and from epoch 1 on the replayed D_train
 * instances and the base data it adds to the agent's batch (each task type marked by `task.source`). Replay is
 * the service's because in the paper's loop it is on-policy: the current agent re-attempts D_train instances
 * and learns from those rollouts, which is what a trainer does with any episode it is handed. The agent's own
 * learning (warm start, GRPO, supervised rehearsal) and its held-out evaluation are the trainer's.
 */
export function servePlan(config: RunConfig): ServePlan {
  if (!SERVED_VARIANTS.includes(config.variant))
    throw new GenEnvError(
      'config',
      `genenv serve serves the simulator's curriculum (variant genenv or random); variant ${config.variant} ` +
        'is an in-process baseline: run it with genenv run',
    );
  const replayShare = config.replayFraction;
  const baseShare = config.baseFraction;
  const trainerOwns = [
    'its warm start',
    'its update on the groups it is handed (GRPO)',
    ...(config.rehearsal > 0 ? [`supervised rehearsal (genenv run's agent: ${config.rehearsal} D_train pairs)`] : []),
    'held-out evaluation',
  ];
  const extras = [
    ...(replayShare > 0 ? [`D_train replay (${percent(replayShare)} as many, task.source "replay")`] : []),
    ...(baseShare > 0 ? [`base data (${percent(baseShare)} as many, task.source "seed")`] : []),
  ];
  const lines = [
    `${config.preset} preset, variant ${config.variant}: epoch 0 and ${config.epochs} more, each ` +
      `${config.tasksPerEpoch} task types × ${config.variations} variations × G = ${config.samples} attempts`,
    extras.length
      ? `from epoch 1 on, beside the fresh task types, the service hands out ${extras.join(' and ')}, as ` +
        "genenv run adds them to its agent's batch"
      : 'no replay or base data: every task type comes from the simulator',
    `your trainer owns the agent: ${trainerOwns.join(', ')}`,
  ];
  return { replayShare, baseShare, trainerOwns, lines };
}

/**
 * The agent of a served run is the trainer behind the protocol: it is never asked to act, and its weights
 * live in the trainer. Its warm start and updates are no-ops here; its checkpoint records that.
 */
export class ExternalAgent implements TrainableAgent {
  readonly name = 'external';
  readonly version = 0;

  async act(_prompts: AgentPrompt[]): Promise<Completion[][]> {
    throw new GenEnvError('internal', 'the served agent is the external trainer: genenv never samples it');
  }
  async warmStart(): Promise<UpdateStats> {
    return {};
  }
  async update(): Promise<UpdateStats> {
    return {};
  }
  async save(directory: string): Promise<void> {
    await writeFile(join(directory, 'external.json'), `${JSON.stringify({ agent: 'external trainer' })}\n`);
  }
  async load(): Promise<void> {}
}

/**
 * The run's simulator with its proposals made durable: every fresh `propose` is handed to `onProposed`
 * (which commits it to serve.sqlite) before the proposals are used, and a round reopened after a restart
 * gets back exactly the proposals it had (keyed by the epoch's proposal seed), whatever state the
 * simulator was restored to.
 */
export class RecordingSimulator implements TrainableSimulator {
  readonly name: string;
  private readonly recorded = new Map<number, Proposal[]>();

  constructor(
    private readonly inner: TrainableSimulator,
    private readonly onProposed: (seed: number, proposals: Proposal[]) => void,
  ) {
    this.name = inner.name;
  }

  get version(): number {
    return this.inner.version;
  }

  /** Proposals logged before a restart, by the seed they were proposed with. */
  remember(seed: number, proposals: Proposal[]): void {
    this.recorded.set(seed, proposals);
  }

  async propose(contexts: SimulatorContext[], options: Parameters<SimulatorPolicy['propose']>[1]) {
    const known = this.recorded.get(options.seed);
    if (known) {
      this.recorded.delete(options.seed);
      return known;
    }
    const proposals = await this.inner.propose(contexts, options);
    this.onProposed(options.seed, proposals);
    return proposals;
  }

  warmStart: TrainableSimulator['warmStart'] = (demonstrations, options) =>
    this.inner.warmStart(demonstrations, options);
  update: TrainableSimulator['update'] = (batch, options) => this.inner.update(batch, options);
  save = (directory: string) => this.inner.save(directory);
  load = (directory: string) => this.inner.load(directory);
  close = async () => {
    await this.inner.close?.();
  };
}

/**
 * The run store as a served round sees it: with `prefetch` rounds opened ahead, family statistics, the frontier
 * sampler's evidence and the D_train pool it replays from lag that many epochs (a round opens while the epochs before it may still be
 * collecting outcomes, so it may only read epochs that are surely closed). With the lag, a round rebuilt
 * after a restart sees the same statistics and replays the same instances as when it first opened; with
 * prefetch 0 it reads what `genenv run` reads.
 */
export class LaggedStore implements CoevolutionStore {
  constructor(
    private readonly inner: RunStore,
    private readonly prefetch: number,
  ) {}

  get directory(): string {
    return this.inner.directory;
  }
  familyStatistics(family: string, beforeEpoch: number, window: number): FamilyHistory {
    return this.inner.familyStatistics(family, beforeEpoch - this.prefetch, window);
  }
  trainPool(beforeEpoch: number): TrainPool {
    return this.inner.trainPool(beforeEpoch - this.prefetch);
  }
  groupOutcomes: CoevolutionStore['groupOutcomes'] = (beforeEpoch, sources) =>
    this.inner.groupOutcomes(beforeEpoch - this.prefetch, sources);
  lastCommittedEpoch = () => this.inner.lastCommittedEpoch();
  checkpointOf = (epoch: number) => this.inner.checkpointOf(epoch);
  proposals: CoevolutionStore['proposals'] = (epoch, source) => this.inner.proposals(epoch, source);
  successfulTraces = () => this.inner.successfulTraces();
  poolSizes = () => this.inner.poolSizes();
  metrics = () => this.inner.metrics();
  commit: CoevolutionStore['commit'] = (commit) => this.inner.commit(commit);
  writeOutputs: CoevolutionStore['writeOutputs'] = (identity) => this.inner.writeOutputs(identity);
  pruneCheckpoints = (every: number) => this.inner.pruneCheckpoints(every);
}

/**
 * The loop's run context for a served run: the trainer as agent, the recording simulator, the lagged store.
 * A config the service cannot serve is refused in one line (see `servePlan`).
 */
export function servedRunContext(
  config: RunConfig,
  domain: Domain,
  simulator: RecordingSimulator,
  store: RunStore,
  prefetch: number,
): RunContext {
  servePlan(config);
  return createRunContext({
    config,
    domain,
    agent: new ExternalAgent(),
    simulator,
    store: new LaggedStore(store, prefetch),
    externalAgent: true,
  });
}
