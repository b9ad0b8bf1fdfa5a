/**
 * `ladder-link --runs A[,B]`: where the ladder's curriculum link breaks, per variant of finished comparisons
 * (directories `genenv compare` wrote). For the generated rollouts of every epoch after the warm start: the share of
 * GRPO groups with both outcomes, among task types near α (p̂ in [0.3, 0.7]) and among all; success by how many
 * ruled-out values the request mentions before the last value to copy (an instance factor the spec does not set),
 * early and late in the run; and the share of distinct specs per epoch.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { GenEnvError } from '../../src/index.ts';
import { mean } from '../../src/internal.ts';
import { comparisonRuns } from '../comparison-runs.ts';
import { type DiagnosticOptions, emit, fixed } from '../diagnostic-output.ts';
import {
  distinctSpecShare,
  distractorsBeforeLastValue,
  type GroupOutcome,
  type Mention,
  mixedShare,
  successByFactor,
} from '../ladder/link-measures.ts';

/** p̂ around α = ½ that counts as near the band (k_min = 0.2 of the ladder preset). */
const NEAR: [number, number] = [0.3, 0.7];
/** Epochs at each end of a run for the early and late success by factor. */
const WINDOW = 8;

interface TraceRow {
  epoch: number;
  proposal: string;
  instance: string;
  success: number;
  payload: string;
  spec: string;
}

interface RunRows {
  groups: GroupOutcome[];
  factors: { epoch: number; factor: number; success: boolean }[];
  specsByEpoch: Map<number, string[]>;
  lastEpoch: number;
}

/** The mentions of a stored ladder instance; null for a payload that is not one (another world, or unreadable). */
function mentionsOf(payload: string): Mention[] | null {
  try {
    const mentions = (JSON.parse(payload) as { payload?: { mentions?: unknown } }).payload?.mentions;
    return Array.isArray(mentions) ? (mentions as Mention[]) : null;
  } catch {
    return null;
  }
}

function readRun(directory: string): RunRows {
  // comparisonRuns lists only directories that hold run.sqlite.
  const database = new Database(join(directory, 'run.sqlite'), { readonly: true, fileMustExist: true });
  let rows: TraceRow[];
  try {
    rows = database
      .prepare(
        `SELECT t.epoch AS epoch, t.proposal_id AS proposal, t.instance_id AS instance, t.success AS success,
         i.payload AS payload, p.spec AS spec FROM traces t JOIN proposals p ON p.id = t.proposal_id
         JOIN instances i ON i.proposal_id = t.proposal_id AND i.id = t.instance_id
         WHERE p.source IN ('simulator', 'frontier', 'static', 'offline', 'uniform') AND t.epoch >= 1`,
      )
      .all() as TraceRow[];
  } finally {
    database.close();
  }
  // Rollouts [task type][instance]: p̂ of a task type from all its rollouts, one GRPO group per instance.
  const byTask = new Map<string, Map<string, number[]>>();
  const specsByEpoch = new Map<number, Map<string, string>>();
  const factors: RunRows['factors'] = [];
  let lastEpoch = 0;
  for (const row of rows) {
    lastEpoch = Math.max(lastEpoch, row.epoch);
    const instances = byTask.get(row.proposal) ?? new Map<string, number[]>();
    instances.set(row.instance, [...(instances.get(row.instance) ?? []), row.success ? 1 : 0]);
    byTask.set(row.proposal, instances);
    const proposals = specsByEpoch.get(row.epoch) ?? new Map<string, string>();
    proposals.set(row.proposal, row.spec);
    specsByEpoch.set(row.epoch, proposals);
    const mentions = mentionsOf(row.payload);
    const factor = mentions ? distractorsBeforeLastValue(mentions) : null;
    if (factor !== null) factors.push({ epoch: row.epoch, factor: Math.min(factor, 3), success: row.success === 1 });
  }
  const groups = [...byTask.values()].flatMap((instances) => {
    const outcomes = [...instances.values()];
    const all = outcomes.flat();
    const taskSuccess = mean(all) ?? Number.NaN;
    return outcomes.map((values) => ({
      taskSuccess,
      successes: values.reduce((sum, value) => sum + value, 0),
      rollouts: values.length,
    }));
  });
  return {
    groups,
    factors,
    specsByEpoch: new Map([...specsByEpoch.entries()].map(([epoch, specs]) => [epoch, [...specs.values()]])),
    lastEpoch,
  };
}

export async function ladderLinkSuite(options: DiagnosticOptions): Promise<string> {
  if (!options.runs?.length) throw new GenEnvError('usage', 'ladder-link needs --runs A[,B] (comparison directories)');
  const variants = new Map<string, string[]>();
  for (const comparison of options.runs)
    for (const [name, directories] of comparisonRuns(comparison, 'run.sqlite')) variants.set(name, directories);
  const result = [...variants.entries()].map(([variant, directories]) => {
    const runs = directories.map(readRun);
    const groups = runs.flatMap((run) => run.groups);
    const early = runs.flatMap((run) => run.factors.filter((row) => row.epoch <= WINDOW));
    const late = runs.flatMap((run) => run.factors.filter((row) => row.epoch > run.lastEpoch - WINDOW));
    return {
      variant,
      seeds: runs.length,
      near: mixedShare(groups, ...NEAR),
      all: mixedShare(groups),
      early: successByFactor(early),
      late: successByFactor(late),
      distinct: mean(runs.map((run) => distinctSpecShare(run.specsByEpoch))) ?? Number.NaN,
    };
  });
  const byFactor = (rows: { factor: number; success: number }[]) =>
    [0, 1, 2, 3].map((factor) => {
      const row = rows.find((entry) => entry.factor === factor);
      return row ? fixed(row.success, 2) : '—';
    });
  return emit('ladder-link', { result }, options, () => ({
    title: `Where the link breaks on ${options.runs!.join(', ')}: signal near α, success by the values ruled out before the last one to copy, distinct specs`,
    columns: [
      'variant',
      'seeds',
      `groups with both outcomes, p̂ in [${NEAR.join(', ')}]`,
      'groups with both outcomes, all',
      `success by ruled-out values before the last value (0/1/2/3+), epochs 1–${WINDOW}`,
      `same, last ${WINDOW} epochs`,
      'distinct specs per proposal',
    ],
    rows: result.map((row) => [
      row.variant,
      String(row.seeds),
      `${fixed(row.near.mixed, 2)} of ${row.near.groups}`,
      `${fixed(row.all.mixed, 2)} of ${row.all.groups}`,
      byFactor(row.early).join(' / '),
      byFactor(row.late).join(' / '),
      fixed(row.distinct, 2),
    ]),
    notes: [
      'A group is the G rollouts of one instance; GRPO learns only from groups with both outcomes.',
      'p̂ of a task type here is from its own n·G rollouts, the same for every variant.',
    ],
  }));
}
