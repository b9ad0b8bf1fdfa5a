import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRunContext, type RunContext } from '../core/index.ts';
import type {
  AgentPrompt,
  CoevolutionStore,
  Completion,
  Domain,
  EnvironmentPolicy,
  FamilyHistory,
  Proposal,
  RunConfig,
  SimulatorContext,
  TrainPool,
  TrainableAgent,
  TrainableSimulator,
  UpdateStats,
} from '../interfaces/index.ts';
import { GenEnvError } from '../interfaces/index.ts';
import type { RunStore } from '../store/run-store.ts';
import { servePlan } from './serve-plan.ts';

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

  async propose(contexts: SimulatorContext[], options: Parameters<EnvironmentPolicy['propose']>[1]) {
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
