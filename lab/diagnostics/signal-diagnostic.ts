/**
 * The learning signal in the generated tasks of finished runs (genenv against random, say), per epoch: the share
 * of rollouts in instances the agent sometimes solves and sometimes fails (the only ones GRPO learns from), the
 * share of the outcome variance that lies between instances, and what that leaves of the n·G attempts behind each
 * p̂. Read from each run directory's run.sqlite (opened read-only). `npm run lab -- signal --runs A,B`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import {
  betweenInstanceShare,
  effectiveAttempts,
  type InstanceOutcomes,
  signalShare,
} from '../analyses/outcome-correlation.ts';
import { difficultySources, type FieldShare } from '../analyses/difficulty-sources.ts';
import { GenEnvError } from '../../src/index.ts';

export interface EpochSignal {
  epoch: number;
  rollouts: number;
  /** Mean success of the generated rollouts. */
  successRate: number;
  /** Share of rollouts in instances with both outcomes, in [0, 1]. */
  signalShare: number;
  /** Share of outcome variance between instances, in [0, 1]; null when no outcome varied. */
  betweenInstanceShare: number | null;
  /** Independent draws behind one task type's p̂ (n·G when outcomes do not depend on the instance). */
  effectiveAttempts: number | null;
}

export interface RunSignal {
  directory: string;
  variant: string;
  seed: number | null;
  variations: number;
  samples: number;
  epochs: EpochSignal[];
  /** What explains p̂ across the generated task types of epochs ≥ 1, field by field of their specs. */
  sources: FieldShare[];
}

interface RunConfigFields {
  variant?: string;
  seed?: number;
  variations?: number;
  samples?: number;
}

/** Per-epoch learning signal of a run's generated task types (simulator, static or offline sources). */
export function readRunSignal(directory: string): RunSignal {
  const databasePath = join(directory, 'run.sqlite');
  if (!existsSync(databasePath)) throw new GenEnvError('config', `${directory} holds no run.sqlite`);
  let config: RunConfigFields = {};
  try {
    config = JSON.parse(readFileSync(join(directory, 'config.json'), 'utf8')) as RunConfigFields;
  } catch (error) {
    throw new GenEnvError('config', `${directory}: cannot read config.json (${(error as Error).message})`, {
      cause: error,
    });
  }
  const database = new Database(databasePath, { readonly: true, fileMustExist: true });
  let rows: { epoch: number; proposal: string; instance: string; success: number }[];
  let taskTypes: { spec: string; successRate: number }[];
  try {
    taskTypes = database
      .prepare(
        `SELECT spec, success_rate AS successRate FROM proposals
         WHERE source IN ('simulator', 'static', 'offline', 'uniform') AND epoch >= 1 AND valid = 1
           AND spec IS NOT NULL AND success_rate IS NOT NULL`,
      )
      .all() as typeof taskTypes;
    rows = database
      .prepare(
        `SELECT t.epoch AS epoch, t.proposal_id AS proposal, t.instance_id AS instance, t.success AS success
         FROM traces t JOIN proposals p ON p.id = t.proposal_id
         WHERE p.source IN ('simulator', 'static', 'offline', 'uniform')
         ORDER BY t.epoch, t.proposal_id, t.instance_id, t.sample`,
      )
      .all() as typeof rows;
  } catch (error) {
    throw new GenEnvError('store', `cannot read traces of ${directory}: ${(error as Error).message}`, { cause: error });
  } finally {
    database.close();
  }
  // outcomes[epoch] = one list of outcomes per attempted instance, in the order stored.
  const outcomes = new Map<number, Map<string, number[]>>();
  for (const row of rows) {
    const byInstance = outcomes.get(row.epoch) ?? new Map<string, number[]>();
    outcomes.set(row.epoch, byInstance);
    const key = `${row.proposal}\u0000${row.instance}`;
    byInstance.set(key, [...(byInstance.get(key) ?? []), row.success]);
  }
  const variations = config.variations ?? 1;
  const samples = config.samples ?? 1;
  const epochs = [...outcomes.entries()]
    .sort(([a], [b]) => a - b)
    .map(([epoch, byInstance]): EpochSignal => {
      const instances: InstanceOutcomes[] = [...byInstance.values()];
      const all = instances.flat();
      const share = betweenInstanceShare(instances);
      return {
        epoch,
        rollouts: all.length,
        successRate: all.length ? all.reduce((sum, outcome) => sum + outcome, 0) / all.length : 0,
        signalShare: signalShare(instances),
        betweenInstanceShare: share,
        effectiveAttempts: share === null ? null : effectiveAttempts(variations, samples, share),
      };
    });
  const sources = difficultySources(
    taskTypes.map((row) => {
      try {
        return { spec: JSON.parse(row.spec) as unknown, successRate: row.successRate };
      } catch (error) {
        throw new GenEnvError('store', `${directory}: a stored task spec is not JSON (${(error as Error).message})`, {
          cause: error,
        });
      }
    }),
  );
  return {
    directory,
    variant: config.variant ?? 'unknown',
    seed: config.seed ?? null,
    variations,
    samples,
    epochs,
    sources,
  };
}
