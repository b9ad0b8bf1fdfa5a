/**
 * Writes D_train (GRPO prompt sets with reward metadata) and D_env (weighted SFT sets) as JSONL files
 * for TRL, verl or OpenRLHF, plus a manifest naming the files, row counts and the trainer keys to use.
 * verl reads parquet: convert with `pandas.read_json(path, lines=True).to_parquet(...)` in the hook.
 */
import { join } from 'node:path';
import type { Domain } from '../interfaces/domain.ts';
import { GenEnvError } from '../interfaces/errors.ts';
import type { AgentDemonstration, RolloutGroup, SimulatorRecord } from '../interfaces/policy.ts';
import { writeFileAtomic } from '../util/files.ts';
import { deriveSeed, Random } from '../util/random.ts';
import { simulatorMessages } from '../policies/openai/simulator-prompt.ts';
import {
  demonstrationRow,
  grpoRow,
  resampleCounts,
  sftRow,
  TRAINER_FORMATS,
  trainerKeys,
  type TrainerFormat,
} from './export-formats.ts';

export interface TrainingRecords {
  /** D_train: rollout groups of the agent. */
  train?: readonly RolloutGroup[];
  /** D_env: weighted simulator generations. */
  env?: readonly SimulatorRecord[];
  /** Agent demonstrations for an SFT warm start. */
  demonstrations?: readonly AgentDemonstration[];
}

export interface ExportOptions {
  /** Needed to render the simulator's prompt for D_env rows. */
  domain?: Domain;
  /**
   * `column`: one row per record with its weight; `resample`: rows also repeated ∝ weight for trainers that ignore
   * weights.
   */
  weighting?: 'column' | 'resample';
  /** Seed of the resampling draws. */
  seed?: number;
}

export interface ExportedPaths {
  format: TrainerFormat;
  /** GRPO prompt set of D_train (absent when there was no train record). */
  train?: string;
  /** Weighted SFT set of D_env (absent when there was no env record). */
  env?: string;
  /** SFT set of agent demonstrations (absent when there was none). */
  sft?: string;
  manifest: string;
  trainRows: number;
  envRows: number;
  sftRows: number;
}

const toJsonl = (rows: readonly Record<string, unknown>[]): string =>
  rows.map((row) => JSON.stringify(row)).join('\n') + (rows.length > 0 ? '\n' : '');

/** Writes the sets under `outDir` (created if missing; files replaced atomically). */
export async function exportTrainingSets(
  records: TrainingRecords,
  format: TrainerFormat,
  outDir: string,
  options: ExportOptions = {},
): Promise<ExportedPaths> {
  if (!TRAINER_FORMATS.includes(format))
    throw new GenEnvError('config', `unknown trainer format "${format}" (expected ${TRAINER_FORMATS.join(', ')})`);
  const train = records.train ?? [];
  const env = records.env ?? [];
  const demonstrations = records.demonstrations ?? [];
  const result: ExportedPaths = {
    format,
    manifest: join(outDir, 'manifest.json'),
    trainRows: 0,
    envRows: 0,
    sftRows: 0,
  };

  if (train.length > 0) {
    const rows = train.map((group, index) => grpoRow(group, format, index));
    result.train = join(outDir, `agent-grpo.${format}.jsonl`);
    writeFileAtomic(result.train, toJsonl(rows));
    result.trainRows = rows.length;
  }

  if (env.length > 0) {
    const domain = options.domain;
    if (!domain)
      throw new GenEnvError(
        'internal',
        'exporting simulator records needs the domain (to render the simulator prompt)',
      );
    const rows = env.map((record) =>
      sftRow(record, simulatorMessages({ domain, context: record.context, exemplars: [], mode: 'free-form' }), format),
    );
    let written = rows;
    if (options.weighting === 'resample') {
      const random = new Random(deriveSeed(options.seed ?? 0, 'resample-env'));
      const counts = resampleCounts(
        env.map((record) => record.weight),
        env.map(() => random.next()),
      );
      written = rows.flatMap((row, index) => Array.from({ length: counts[index]! }, () => row));
    }
    result.env = join(outDir, `simulator-sft.${format}.jsonl`);
    writeFileAtomic(result.env, toJsonl(written));
    result.envRows = written.length;
  }

  if (demonstrations.length > 0) {
    const rows = demonstrations.map((demonstration) => demonstrationRow(demonstration, format));
    result.sft = join(outDir, `agent-sft.${format}.jsonl`);
    writeFileAtomic(result.sft, toJsonl(rows));
    result.sftRows = rows.length;
  }

  const keys = trainerKeys(format);
  writeFileAtomic(
    result.manifest,
    `${JSON.stringify(
      {
        format,
        train: result.train
          ? { path: result.train, rows: result.trainRows, kind: 'grpo-prompts', keys: keys.grpo }
          : null,
        env: result.env
          ? {
              path: result.env,
              rows: result.envRows,
              kind: 'weighted-sft',
              weighting: options.weighting ?? 'column',
              keys: keys.sft,
            }
          : null,
        sft: result.sft ? { path: result.sft, rows: result.sftRows, kind: 'sft', keys: keys.sft } : null,
      },
      null,
      2,
    )}\n`,
  );
  return result;
}
