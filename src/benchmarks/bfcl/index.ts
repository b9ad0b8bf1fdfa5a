/**
 * BFCL v4 multi-turn long-context benchmark: per-turn accuracy with the gold history as prefix
 * (the GenEnv paper's protocol, `accuracy`) and whole-entry accuracy (the official protocol,
 * `entryAccuracy`), both scored by ported environment classes and the official state and
 * response checks. Modes: `both` (default), `per-turn`, `entry`.
 */
import type { Benchmark, BenchmarkReport, BenchmarkRunOptions } from '../../interfaces/benchmark.ts';
import { GenEnvError } from '../../interfaces/errors.ts';
import type { AgentPolicy } from '../../interfaces/policy.ts';
import { loadBfclData } from './data.ts';
import { runEntryProtocol, MAXIMUM_STEP_LIMIT } from './entry-protocol.ts';
import { runTurnProtocol } from './turn-protocol.ts';

export { loadBfclData } from './data.ts';
export { parsePythonCallList, decodeModelText, type PythonCall } from './python-call-parser.ts';
export { decodeAnswer } from './answer-decoder.ts';
export { checkEntry, checkTurn } from './checker.ts';
export { EnvironmentSet } from './executor.ts';

export type BfclMode = 'both' | 'per-turn' | 'entry';
const MODES: readonly BfclMode[] = ['both', 'per-turn', 'entry'];

/** Where this scorer departs from the official evaluator, and why. */
export const BFCL_NOTES: readonly string[] = [
  'Per-turn accuracy (the GenEnv paper protocol) is not an official BFCL metric: each turn is asked once with ' +
    'the gold calls of earlier turns executed in the history, and scored with the official state and response ' +
    "checks against the gold calls of that turn; the gold results of earlier turns count as the model's earlier " +
    'results, as in the official response check. Empty gold turns are irrelevance checks (correct only with no ' +
    'call).',
  'Per-turn prompts get one inference step (the answer is the whole call list of the turn); the whole-entry ' +
    'protocol runs the official step loop (results fed back until an answer without calls, at most 20 steps, ' +
    'more force-quits and fails the entry).',
  'Whole-entry accuracy follows the official runner, which executes but does not score empty-gold turns (its ' +
    'irrelevance checker is imported but never called); irrelevance on those turns is reported apart ' +
    '(entryIrrelevanceCorrect).',
  'Environment classes are TypeScript ports; all 1,203 gold calls give result strings, and all 1,240 per-turn ' +
    'instance states, identical to the official Python classes (checked against upstream commit 6ea5797), ' +
    'including Python int/float printing (50 vs 50.0), mpmath and Decimal reprs, seeded random ids, and dict ' +
    'insertion order (except that integer-like keys of an initial config come first in ascending order, as ' +
    'JSON.parse orders them).',
  'OpenAI tool-call arguments arrive already parsed, so an integral float written as 5.0 there becomes the int 5 ' +
    '(the official FC handlers json.loads the argument string and keep 5.0). Native Python call lists keep the ' +
    'distinction.',
  'Type mismatches on parameters that Python uses in arithmetic, comparisons or string methods ' +
    '(str/int/float/list/dict annotations) fail with a TypeError-style execution error before the method runs, ' +
    'where Python fails somewhere inside it; verdicts agree, error texts and the order of checks may not (e.g. a ' +
    'missing file reported before a bad type). Parameters Python only compares, stores or converts with float() ' +
    '(ticket_id, tweet_id, order_id, card_verification_number, temperature, budget_limit, cruise speed and ' +
    'distance) follow Python exactly.',
  'MathAPI logarithm emulates mpmath (each operation rounded to mp.prec bits) and is exact for precision up to ' +
    '14 digits; square_root emulates Decimal from the double root, so digits beyond about 16 are not exact.',
  'Mutable defaults and module-level constants are not shared between calls or instances (Python shares ' +
    "post_tweet's default lists and mutates the long-context weather and card extensions in place across " +
    'instances).',
  'Trading timestamps are computed without a time zone (the official code uses local time at both ends, so the ' +
    'printed wall-clock time is the same); verify_traveler_information uses the local date for the age check, as ' +
    'upstream.',
  'Model text is decoded like the official prompting handler (strip backticks/newlines, add brackets, parse a ' +
    'Python list of calls; keyword arguments only: positional arguments in model text are dropped as the ' +
    'official decoder does). Gold calls keep their positional arguments, as the official executor evaluates them ' +
    'directly. Dotted names (Class.method) and Python builtins are not callable.',
  'Messages hold an official-style system prompt with the function docs (prompting mode) and the tools as OpenAI ' +
    'schemas (FC mode); a chat policy may use either.',
];

export const bfclBenchmark: Benchmark = {
  name: 'bfcl',
  description:
    'BFCL v4 multi-turn long-context (200 entries): per-turn accuracy with gold history, and whole-entry ' +
    'accuracy, by the official state and response checks.',
  async run(policy: AgentPolicy, options: BenchmarkRunOptions): Promise<BenchmarkReport> {
    const mode = (options.mode ?? 'both') as BfclMode;
    if (!MODES.includes(mode))
      throw new GenEnvError('usage', `bfcl mode must be one of ${MODES.join(', ')} (got ${options.mode})`);
    const data = loadBfclData(options.dataPath);
    const entries = options.limit === undefined ? data.entries : data.entries.slice(0, Math.max(0, options.limit));
    const turnTotal = mode === 'entry' ? 0 : entries.reduce((sum, entry) => sum + entry.turns.length, 0);
    const total = turnTotal + (mode === 'per-turn' ? 0 : entries.length);
    let done = 0;
    const tick = (): void => options.onProgress?.(++done, total);

    const turns = mode === 'entry' ? null : await runTurnProtocol(policy, data, entries, options.seed, tick);
    const whole = mode === 'per-turn' ? null : await runEntryProtocol(policy, data, entries, options.seed, tick);

    const ratio = (numerator: number, denominator: number): number | null =>
      denominator > 0 ? numerator / denominator : null;
    const turnAccuracy = turns ? ratio(turns.correct, turns.turns) : null;
    const entryAccuracy = whole ? ratio(whole.correct, whole.entries) : null;
    const accuracy = turnAccuracy ?? entryAccuracy ?? 0;
    const failures: Record<string, number> = {};
    for (const [key, count] of Object.entries(turns?.failures ?? {})) failures[`turnFailures.${key}`] = count;
    for (const [key, count] of Object.entries(whole?.failures ?? {})) failures[`entryFailures.${key}`] = count;

    return {
      benchmark: 'bfcl',
      policy: policy.name,
      items: [...(turns?.items ?? []), ...(whole?.items ?? [])],
      summary: {
        accuracy,
        accuracyProtocol: turns ? 'per-turn with gold history' : 'whole entry (official)',
        entryAccuracy,
        mode,
        entries: entries.length,
        turns: turns?.turns ?? null,
        turnsCorrect: turns?.correct ?? null,
        entriesCorrect: whole?.correct ?? null,
        irrelevanceTurns: turns?.irrelevanceTurns ?? whole?.irrelevanceTurns ?? null,
        irrelevanceCorrect: turns?.irrelevanceCorrect ?? null,
        entryIrrelevanceCorrect: whole?.irrelevanceCorrect ?? null,
        entrySteps: whole?.steps ?? null,
        maximumStepLimit: MAXIMUM_STEP_LIMIT,
        ...failures,
      },
      table1: { BFCL: Math.round(accuracy * 10000) / 100 },
      notes: [...BFCL_NOTES],
      // --limit counts entries; the items are turns and whole entries.
      evaluated: `${entries.length} entries${turns ? `, ${turns.turns} turns` : ''}`,
    };
  },
};
