/**
 * What a ladder pilot reads from its finished runs (one run directory per seed, all of one variant): the held-out
 * curves, the learning signal of every epoch's generated rollouts, what explains p̂ across the generated task types,
 * and where on the knob grid the (frozen) simulator's proposals fell.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createDomain, type Domain, GenEnvError, type RunConfig } from '../../src/index.ts';
import { readStoredRunConfig } from '../stored-run-config.ts';
import { ALL_FIELDS } from '../analyses/difficulty-sources.ts';
import { readRunSignal } from '../diagnostics/signal-diagnostic.ts';
import { specRung } from './knob-grid.ts';

export interface PilotRun {
  directory: string;
  config: RunConfig;
  /** Held-out accuracy per set at every evaluated epoch (epoch 0 = after the warm start). */
  heldOut: { epoch: number; accuracy: Record<string, number> }[];
  /** Share of generated rollouts in GRPO groups with both outcomes, per epoch ≥ 1. */
  signal: { epoch: number; share: number; successRate: number }[];
  /** Adjusted η² of p̂ across the generated task types by their whole spec; null when p̂ did not vary. */
  specShare: number | null;
  /** Proposals of the simulator (epochs ≥ 1) per rung. */
  rungCounts: Map<number, number>;
  /** Mean rung of the generated task types per epoch. */
  meanRung: { epoch: number; rung: number }[];
  /** Agent checkpoint directories: after the warm start, and the last one kept. */
  firstAgent: string;
  lastAgent: string;
}

export async function readPilotRun(directory: string): Promise<{ run: PilotRun; domain: Domain }> {
  const read = (name: string) => {
    try {
      return JSON.parse(readFileSync(join(directory, name), 'utf8')) as unknown;
    } catch (error) {
      throw new GenEnvError('config', `${directory}: cannot read ${name} (${(error as Error).message})`, {
        cause: error,
      });
    }
  };
  const config = readStoredRunConfig(directory);
  const domain = await createDomain(config.domain.name, config.domain.options);
  const summary = read('summary.json') as { epochs: { epoch: number; heldOutAccuracy: Record<string, number> }[] };
  const signal = readRunSignal(directory);
  const database = new Database(join(directory, 'run.sqlite'), { readonly: true, fileMustExist: true });
  let proposals: { epoch: number; spec: string }[];
  try {
    proposals = database
      .prepare(
        `SELECT epoch, spec FROM proposals WHERE source IN ('simulator', 'static', 'offline', 'uniform')
         AND epoch >= 1 AND valid = 1 AND spec IS NOT NULL ORDER BY epoch`,
      )
      .all() as typeof proposals;
  } finally {
    database.close();
  }
  const rungCounts = new Map<number, number>();
  const perEpoch = new Map<number, number[]>();
  for (const row of proposals) {
    const rung = specRung(domain, JSON.parse(row.spec));
    if (rung === null) continue;
    rungCounts.set(rung, (rungCounts.get(rung) ?? 0) + 1);
    perEpoch.set(row.epoch, [...(perEpoch.get(row.epoch) ?? []), rung]);
  }
  const checkpoints = readdirSync(join(directory, 'checkpoints'))
    .filter((name) => name.startsWith('epoch-'))
    .sort();
  const agentOf = (name: string | undefined) => {
    const path = name ? join(directory, 'checkpoints', name, 'agent') : '';
    if (!existsSync(path)) throw new GenEnvError('config', `${directory}: no agent checkpoint ${name ?? ''}`);
    return path;
  };
  return {
    domain,
    run: {
      directory,
      config,
      // Only the epochs that evaluated the held-out sets (evaluateEvery skips the others).
      heldOut: summary.epochs
        .filter((epoch) => Object.keys(epoch.heldOutAccuracy).length > 0)
        .map((epoch) => ({ epoch: epoch.epoch, accuracy: epoch.heldOutAccuracy })),
      signal: signal.epochs
        .filter((epoch) => epoch.epoch >= 1)
        .map((epoch) => ({ epoch: epoch.epoch, share: epoch.signalShare, successRate: epoch.successRate })),
      specShare: signal.sources.find((source) => source.field === ALL_FIELDS)?.share ?? null,
      rungCounts,
      meanRung: [...perEpoch.entries()].map(([epoch, rungs]) => ({
        epoch,
        rung: rungs.reduce((sum, rung) => sum + rung, 0) / rungs.length,
      })),
      firstAgent: agentOf(checkpoints[0]),
      lastAgent: agentOf(checkpoints.at(-1)),
    },
  };
}

/** Least-squares slope of `values` against their position (per step), 0 for fewer than two values. */
export function slope(values: readonly number[]): number {
  const count = values.length;
  if (count < 2) return 0;
  const meanX = (count - 1) / 2;
  const meanY = values.reduce((sum, value) => sum + value, 0) / count;
  let numerator = 0;
  let denominator = 0;
  values.forEach((value, index) => {
    numerator += (index - meanX) * (value - meanY);
    denominator += (index - meanX) ** 2;
  });
  return numerator / denominator;
}
