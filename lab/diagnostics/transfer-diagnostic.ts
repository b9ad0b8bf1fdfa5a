/**
 * Held-out transfer of a finished run, family by family: the agent of its first checkpoint (after the warm start,
 * before any co-evolution update) and of its last are evaluated greedily on the run's held-out sets, as the run
 * evaluates them, and each family's gain is set beside the training rollouts (and those with GRPO signal) the agent
 * had in that family. `npm run lab -- transfer --runs A,B`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { type Domain, GenEnvError, type TrainableAgent } from '../../src/index.ts';
import { heldOutOutcomes, RandomStreams } from '../../src/internal.ts';
import {
  type FamilyInstanceOutcomes,
  type FamilyTransfer,
  familyTransfer,
  gainSignalCorrelation,
} from '../analyses/held-out-transfer.ts';

/** How a run's pieces are rebuilt (wired by the CLI, which knows the domain and policy names). */
export interface TransferDependencies {
  createDomain(name: string, options: Record<string, unknown>): Promise<Domain>;
  /** The run's agent as configured; its weights come from `load(checkpoint)`. */
  createAgent(input: {
    spec: string;
    options: Record<string, unknown>;
    domain: Domain;
    seed: number;
  }): Promise<TrainableAgent>;
}

export interface SetTransfer {
  name: string;
  before: number;
  after: number;
  families: FamilyTransfer[];
  /** Correlation across families of the gain with the family's share of signal rollouts. */
  gainSignalCorrelation: number | null;
}

export interface RunTransfer {
  directory: string;
  variant: string;
  seed: number;
  /** Epochs of the two checkpoints compared. */
  firstEpoch: number;
  lastEpoch: number;
  sets: SetTransfer[];
}

interface StoredConfig {
  variant: string;
  seed: number;
  heldOutLimit?: number;
  domain: { name: string; options?: Record<string, unknown> };
  agent: { policy: string; options?: Record<string, unknown> };
}

function readConfig(directory: string): StoredConfig {
  try {
    const config = JSON.parse(readFileSync(join(directory, 'config.json'), 'utf8')) as Partial<StoredConfig>;
    if (
      typeof config.seed !== 'number' ||
      typeof config.domain?.name !== 'string' ||
      typeof config.agent?.policy !== 'string'
    )
      throw new Error('no seed, domain name or agent policy');
    return { variant: config.variant ?? 'unknown', ...config } as StoredConfig;
  } catch (error) {
    throw new GenEnvError('config', `${directory}: cannot read config.json (${(error as Error).message})`, {
      cause: error,
    });
  }
}

/** The run's kept checkpoints, by epoch ascending (folders named epoch-NNNN holding an agent). */
function checkpoints(directory: string): { epoch: number; agent: string }[] {
  const folder = join(directory, 'checkpoints');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .map((name) => ({ name, match: /^epoch-(\d+)$/.exec(name) }))
    .filter((entry) => entry.match !== null && existsSync(join(folder, entry.name, 'agent')))
    .map((entry) => ({ epoch: Number(entry.match![1]), agent: join(folder, entry.name, 'agent') }))
    .sort((a, b) => a.epoch - b.epoch);
}

/** Every training rollout of epochs first+1 … last (the updates between the two checkpoints), by instance. */
function trainingOutcomes(directory: string, first: number, last: number): FamilyInstanceOutcomes[] {
  const database = new Database(join(directory, 'run.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = database
      .prepare(
        `SELECT t.epoch AS epoch, t.proposal_id AS proposal, t.instance_id AS instance, i.family AS family,
                t.success AS success
         FROM traces t JOIN instances i ON i.proposal_id = t.proposal_id AND i.id = t.instance_id
         WHERE t.epoch > ? AND t.epoch <= ?
         ORDER BY t.epoch, t.proposal_id, t.instance_id, t.sample`,
      )
      .all(first, last) as { epoch: number; proposal: string; instance: string; family: string; success: number }[];
    // One entry per attempted instance of an epoch: its family and its G outcomes in sample order.
    const byInstance = new Map<string, { family: string; outcomes: number[] }>();
    for (const row of rows) {
      const key = `${row.epoch}\u0000${row.proposal}\u0000${row.instance}`;
      const entry = byInstance.get(key) ?? { family: row.family, outcomes: [] };
      entry.outcomes.push(row.success);
      byInstance.set(key, entry);
    }
    return [...byInstance.values()];
  } catch (error) {
    throw new GenEnvError('store', `cannot read traces of ${directory}: ${(error as Error).message}`, { cause: error });
  } finally {
    database.close();
  }
}

/** Held-out transfer of one finished run, between its first and last kept checkpoints. */
export async function readRunTransfer(directory: string, dependencies: TransferDependencies): Promise<RunTransfer> {
  if (!existsSync(join(directory, 'run.sqlite'))) throw new GenEnvError('config', `${directory} holds no run.sqlite`);
  const config = readConfig(directory);
  const kept = checkpoints(directory);
  if (kept.length < 2)
    throw new GenEnvError('config', `${directory}: needs two checkpoints with an agent (found ${kept.length})`);
  const first = kept[0]!;
  const last = kept.at(-1)!;
  const domain = await dependencies.createDomain(config.domain.name, config.domain.options ?? {});
  const heldOut = domain.heldOutSets();
  const streams = new RandomStreams(config.seed);
  const agent = await dependencies.createAgent({
    spec: config.agent.policy,
    options: config.agent.options ?? {},
    domain,
    seed: config.seed,
  });
  const evaluate = async (checkpoint: { epoch: number; agent: string }) => {
    await agent.load(checkpoint.agent);
    return heldOutOutcomes(agent, domain, heldOut, streams.heldOut(checkpoint.epoch), config.heldOutLimit);
  };
  let before: Awaited<ReturnType<typeof evaluate>>;
  let after: Awaited<ReturnType<typeof evaluate>>;
  try {
    before = await evaluate(first);
    after = await evaluate(last);
  } finally {
    await agent.close?.();
  }
  const training = trainingOutcomes(directory, first.epoch, last.epoch);
  const sets = before.map((set, index): SetTransfer => {
    const later = after[index]!;
    const outcomes = (successes: boolean[]) =>
      set.instances.map((instance, item) => ({ family: instance.family, success: successes[item]! }));
    const families = familyTransfer(outcomes(set.successes), outcomes(later.successes), training);
    const accuracy = (successes: boolean[]) => successes.filter(Boolean).length / successes.length;
    return {
      name: set.name,
      before: accuracy(set.successes),
      after: accuracy(later.successes),
      families,
      gainSignalCorrelation: gainSignalCorrelation(families),
    };
  });
  return {
    directory,
    variant: config.variant,
    seed: config.seed,
    firstEpoch: first.epoch,
    lastEpoch: last.epoch,
    sets,
  };
}
