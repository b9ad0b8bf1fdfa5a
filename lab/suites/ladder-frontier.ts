/**
 * `ladder-frontier --runs A[,B,…]`: the diagnosis behind the frontier sampler, from training data only (held-out
 * accuracy is not read). Each entry of --runs is a run directory or a comparison directory. Per run: per block of
 * eight epochs, the share of GRPO groups on test-hard's cells and how many of them hold both outcomes, the mean rung of
 * the generated groups against the agent's competence edge (how far the proposals lag it), and the calibration (epochs
 * after the third with success on generated tasks in [0.4, 0.6]) with the success of each source of generated tasks
 * over those epochs (the simulator's share and the frontier sampler's draws); per variant, success by the hidden
 * instance factor within test-hard's cells.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { GenEnvError } from '../../src/index.ts';
import { comparisonRuns } from '../comparison-runs.ts';
import { type DiagnosticOptions, emit, fixed } from '../diagnostic-output.ts';
import { blockMeasures, factorWithinCells, isHardCell, type LadderGroup } from '../ladder/frontier-measures.ts';
import { distractorsBeforeLastValue, type Mention } from '../ladder/link-measures.ts';

const BLOCK = 8;
const CALIBRATED: [number, number] = [0.4, 0.6];

interface RunData {
  directory: string;
  variant: string;
  seed: string;
  groups: LadderGroup[];
  /** Success on generated tasks per epoch (null where none). */
  success: (number | null)[];
  /** Success of the simulator's share and of the frontier draws over the epochs after the third (null where none). */
  bySource: { simulator: number | null; frontier: number | null };
}

/** Epochs before this one are left out of the calibration and of the success by source. */
const FIRST_JUDGED_EPOCH = 4;

function factorOf(payload: string): number | null {
  try {
    const mentions = (JSON.parse(payload) as { payload?: { mentions?: unknown } }).payload?.mentions;
    if (!Array.isArray(mentions)) return null;
    const factor = distractorsBeforeLastValue(mentions as Mention[]);
    return factor === null ? null : Math.min(factor, 3);
  } catch {
    return null;
  }
}

function readRun(directory: string): RunData {
  const database = new Database(join(directory, 'run.sqlite'), { readonly: true, fileMustExist: true });
  let rows: { epoch: number; spec: string; payload: string; successes: number; rollouts: number }[];
  let sources: { source: string; successes: number; rollouts: number }[];
  try {
    rows = database
      .prepare(
        `SELECT t.epoch AS epoch, p.spec AS spec, i.payload AS payload, SUM(t.success) AS successes,
         COUNT(*) AS rollouts FROM traces t JOIN proposals p ON p.id = t.proposal_id
         JOIN instances i ON i.proposal_id = t.proposal_id AND i.id = t.instance_id
         WHERE p.source IN ('simulator', 'frontier', 'uniform', 'static') AND t.epoch >= 1
         GROUP BY t.proposal_id, t.instance_id`,
      )
      .all() as typeof rows;
    sources = database
      .prepare(
        `SELECT p.source AS source, SUM(t.success) AS successes, COUNT(*) AS rollouts
         FROM traces t JOIN proposals p ON p.id = t.proposal_id
         WHERE p.source IN ('simulator', 'frontier') AND t.epoch >= ? GROUP BY p.source`,
      )
      .all(FIRST_JUDGED_EPOCH) as typeof sources;
  } finally {
    database.close();
  }
  const groups = rows.flatMap((row) => {
    const spec = JSON.parse(row.spec) as { filters?: unknown; distractors?: unknown } | null;
    if (!spec || !Array.isArray(spec.filters) || typeof spec.distractors !== 'number') return [];
    return [
      {
        epoch: row.epoch,
        constraints: spec.filters.length,
        distractors: spec.distractors,
        successes: row.successes,
        rollouts: row.rollouts,
        factor: factorOf(row.payload),
      },
    ];
  });
  const metrics = readFileSync(join(directory, 'metrics.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { epoch: number; successRate: number | null });
  const config = JSON.parse(readFileSync(join(directory, 'config.json'), 'utf8')) as {
    variant?: string;
    seed?: number;
  };
  return {
    directory,
    variant: config.variant ?? basename(dirname(directory)),
    seed: String(config.seed ?? basename(directory)),
    groups,
    success: metrics.map((line) => line.successRate),
    bySource: {
      simulator: sourceSuccess(sources, 'simulator'),
      frontier: sourceSuccess(sources, 'frontier'),
    },
  };
}

function sourceSuccess(
  sources: readonly { source: string; successes: number; rollouts: number }[],
  source: string,
): number | null {
  const row = sources.find((entry) => entry.source === source);
  return row && row.rollouts > 0 ? row.successes / row.rollouts : null;
}

/** Run directories named by --runs: a run directory itself, or every run of a comparison directory. */
function runDirectories(entries: readonly string[]): string[] {
  return entries.flatMap((entry) =>
    existsSync(join(entry, 'run.sqlite')) ? [entry] : [...comparisonRuns(entry, 'run.sqlite').values()].flat(),
  );
}

/** Share of epochs after the third whose success on generated tasks lies in [0.4, 0.6]. */
export function calibratedShare(success: readonly (number | null)[]): number {
  const after = success.slice(FIRST_JUDGED_EPOCH).filter((value): value is number => value !== null);
  if (after.length === 0) return Number.NaN;
  return after.filter((value) => value >= CALIBRATED[0] && value <= CALIBRATED[1]).length / after.length;
}

export async function ladderFrontierSuite(options: DiagnosticOptions): Promise<string> {
  if (!options.runs?.length)
    throw new GenEnvError('usage', 'ladder-frontier needs --runs A[,B,…] (run or comparison directories)');
  const runs = runDirectories(options.runs).map(readRun);
  const perRun = runs.map((run) => ({
    run: basename(run.directory),
    variant: run.variant,
    seed: run.seed,
    calibrated: calibratedShare(run.success),
    bySource: run.bySource,
    blocks: blockMeasures(run.groups, BLOCK),
  }));
  const variants = [...new Set(runs.map((run) => run.variant))];
  const factors = variants.map((variant) => ({
    variant,
    cells: factorWithinCells(
      runs.filter((run) => run.variant === variant).flatMap((run) => run.groups.filter(isHardCell)),
    ),
  }));
  return emit('ladder-frontier', { perRun, factors }, options, () => ({
    title: `Where the proposals sit against the agent's competence edge (${options.runs!.join(', ')}), training data only`,
    columns: [
      'run',
      'variant',
      'seed',
      'epochs',
      'groups on test-hard cells',
      'of which both outcomes',
      'all groups with both outcomes',
      'mean rung',
      'competence edge',
      'calibrated epochs',
      'success: simulator share',
      'success: frontier draws',
    ],
    rows: perRun.flatMap((run) =>
      run.blocks.map((block, index) => [
        run.run,
        run.variant,
        run.seed,
        `${block.from}–${block.to}`,
        fixed(block.hardShare, 2),
        fixed(block.hardMixed, 2),
        fixed(block.allMixed, 2),
        fixed(block.meanRung, 1),
        block.edge === null ? '–' : String(block.edge),
        index === 0 ? fixed(run.calibrated, 2) : '',
        index === 0 && run.bySource.simulator !== null ? fixed(run.bySource.simulator, 2) : '',
        index === 0 && run.bySource.frontier !== null ? fixed(run.bySource.frontier, 2) : '',
      ]),
    ),
    notes: [
      'Rung = 2·(constraints − 1) + distractors; test-hard = constraints 3–4 × distractors 2–4 (rungs 6–10).',
      'Competence edge: the highest rung up to which every rung tried (≥ 32 rollouts in the block) is solved ≥ ½.',
      ...factors.map(
        ({ variant, cells }) =>
          `${variant}, success (both-outcome groups) by ruled-out values before the last value to copy, within ` +
          `test-hard's cells: ${cells
            .map(
              (cell) =>
                `(${cell.constraints},${cell.distractors}) f${cell.factor}: ${fixed(cell.success, 2)} (${fixed(cell.mixed, 2)}, n ${cell.rollouts})`,
            )
            .join('; ')}`,
      ),
    ],
  }));
}
