/**
 * Emergent curriculum of two finished runs (genenv against random, say): the difficulty features of
 * each epoch's valid simulator proposals, read from each run directory's run.sqlite (opened read-only,
 * nothing is changed), side by side per epoch with their trends. `npm run lab -- curriculum
 * --runs A,B`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import {
  compareCurricula,
  curriculumByEpoch,
  curriculumByFamily,
  type CurriculumComparison,
  type CurriculumRow,
  type EpochCurriculum,
  type FamilyCurriculum,
} from '../analyses/emergent-curriculum.ts';
import { GenEnvError } from '../../src/index.ts';

export interface RunCurriculum {
  directory: string;
  variant: string;
  seed: number | null;
  epochs: EpochCurriculum[];
  /** Per family over epochs 1 on. */
  families: FamilyCurriculum[];
}

/** The valid generated task types of a run directory, read-only. */
export function readCurriculumRows(directory: string): { rows: CurriculumRow[]; variant: string; seed: number | null } {
  const databasePath = join(directory, 'run.sqlite');
  if (!existsSync(databasePath)) throw new GenEnvError('config', `${directory} holds no run.sqlite`);
  let variant = 'unknown';
  let seed: number | null = null;
  try {
    const config = JSON.parse(readFileSync(join(directory, 'config.json'), 'utf8')) as {
      variant?: string;
      seed?: number;
    };
    variant = config.variant ?? variant;
    seed = typeof config.seed === 'number' ? config.seed : null;
  } catch {
    // A run without a readable config.json is still measured; it is only unlabelled.
  }
  const database = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const rows = database
      .prepare(
        `SELECT epoch, family, features, success_rate AS successRate, in_band AS inBand FROM proposals
         WHERE valid = 1 AND features IS NOT NULL AND source IN ('simulator', 'static', 'offline')
         ORDER BY epoch, rowid`,
      )
      .all() as {
      epoch: number;
      family: string | null;
      features: string;
      successRate: number | null;
      inBand: number | null;
    }[];
    return {
      variant,
      seed,
      rows: rows.map((row) => ({
        epoch: row.epoch,
        family: row.family ?? '',
        features: JSON.parse(row.features) as Record<string, number>,
        successRate: row.successRate,
        inBand: row.inBand === null ? null : row.inBand === 1,
      })),
    };
  } catch (error) {
    throw new GenEnvError('store', `cannot read proposals of ${directory}: ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    database.close();
  }
}

/** Per-epoch and per-family curricula of two runs and their feature-by-feature comparison (trends from epoch 1). */
export function runCurriculumDiagnostic(
  first: string,
  second: string,
): { runs: [RunCurriculum, RunCurriculum]; comparison: CurriculumComparison[] } {
  const runs = [first, second].map((directory) => {
    const read = readCurriculumRows(directory);
    return {
      directory,
      variant: read.variant,
      seed: read.seed,
      epochs: curriculumByEpoch(read.rows),
      families: curriculumByFamily(read.rows, 1),
    };
  }) as [RunCurriculum, RunCurriculum];
  return { runs, comparison: compareCurricula(runs[0].epochs, runs[1].epochs, 1) };
}
