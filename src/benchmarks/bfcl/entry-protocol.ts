/**
 * Whole-entry evaluation (the official multi-turn protocol): the agent's own calls are executed
 * turn after turn; inside a turn it takes steps (calls → results → next step) until it answers
 * without a decodable call, or the step limit forces it to quit (which ends the entry). The
 * official checker then scores the decoded calls of every turn. Entries advance in lockstep so
 * each round is one batched `act` call.
 */
import type { ChatMessage, ToolCall, ToolSchema } from '../../interfaces/chat.ts';
import type { BenchmarkItemResult } from '../../interfaces/benchmark.ts';
import type { AgentPolicy } from '../../interfaces/policy.ts';
import { deriveSeed } from '../../util/random.ts';
import { decodeAnswer, toToolCalls } from './answer-decoder.ts';
import { checkEntry } from './checker.ts';
import { entryFunctionDocs, toolSchemas, type BfclData, type BfclEntry, type FunctionDoc } from './data.ts';
import { EnvironmentSet } from './executor.ts';
import { buildPrompt, stepDifficulty, stepMessages } from './prompts.ts';
import type { PythonCall } from './python-call-parser.ts';
import { goldToolCalls } from './turn-protocol.ts';

/** The official MAXIMUM_STEP_LIMIT: a turn is force-quit once more than this many steps ran (so 21 run). */
export const MAXIMUM_STEP_LIMIT = 20;

/** Entries run in lockstep per round (bounds prompt memory for long-context dialogues). */
export const ENTRY_LOCKSTEP = 16;

interface EntryRun {
  entry: BfclEntry;
  docs: FunctionDoc[];
  tools: ToolSchema[];
  gold: ToolCall[][];
  environment: EnvironmentSet;
  dialogue: ChatMessage[];
  turn: number;
  step: number;
  /** Decoded non-empty steps per finished turn. */
  decodedTurns: PythonCall[][][];
  currentSteps: PythonCall[][];
  forceQuit: boolean;
  done: boolean;
}

export interface EntryOutcome {
  items: BenchmarkItemResult[];
  entries: number;
  correct: number;
  irrelevanceTurns: number;
  /** Empty-gold turns where the agent made no call (reported; the official runner does not score them). */
  irrelevanceCorrect: number;
  steps: number;
  failures: Record<string, number>;
}

function startTurn(run: EntryRun): void {
  run.dialogue.push(...run.entry.turns[run.turn]!);
  run.step = 0;
  run.currentSteps = [];
}

function finishTurn(run: EntryRun): void {
  run.decodedTurns.push(run.currentSteps);
  run.turn += 1;
  if (run.turn >= run.entry.turns.length) run.done = true;
  else startTurn(run);
}

/** Runs the whole-entry protocol; `onEntry` is told after each scored entry. */
export async function runEntryProtocol(
  policy: AgentPolicy,
  data: BfclData,
  entries: readonly BfclEntry[],
  seed: number,
  onEntry: () => void,
): Promise<EntryOutcome> {
  const outcome: EntryOutcome = {
    items: [],
    entries: 0,
    correct: 0,
    irrelevanceTurns: 0,
    irrelevanceCorrect: 0,
    steps: 0,
    failures: {},
  };
  for (let start = 0; start < entries.length; start += ENTRY_LOCKSTEP) {
    const runs = entries.slice(start, start + ENTRY_LOCKSTEP).map((entry): EntryRun => {
      const docs = entryFunctionDocs(data, entry);
      const run: EntryRun = {
        entry,
        docs,
        tools: toolSchemas(docs),
        gold: goldToolCalls(data, entry),
        environment: new EnvironmentSet(entry.initialConfig, entry.involvedClasses, entry.longContext, data.constants),
        dialogue: [],
        turn: 0,
        step: 0,
        decodedTurns: [],
        currentSteps: [],
        forceQuit: false,
        done: false,
      };
      startTurn(run);
      return run;
    });
    for (let round = 0; runs.some((run) => !run.done); round++) {
      const active = runs.filter((run) => !run.done);
      const prompts = active.map((run) => {
        // The oracle's reference: the turn's gold calls at its first step, then no further call.
        const referenceCalls = run.step === 0 ? run.gold[run.turn]! : [];
        return buildPrompt({
          id: `${run.entry.id}/turn-${run.turn}/step-${run.step}`,
          docs: run.docs,
          tools: run.tools,
          dialogue: [...run.dialogue],
          referenceCalls,
          difficulty: stepDifficulty(run.gold[run.turn]!.length, run.turn, run.gold[run.turn]!.length === 0),
        });
      });
      const completions = await policy.act(prompts, {
        samples: 1,
        seed: deriveSeed(seed, 'bfcl-entry', start, round),
        temperature: 0,
      });
      active.forEach((run, position) => {
        const completion = completions[position]?.[0] ?? { text: '', policyVersion: 'missing' };
        const decoded = decodeAnswer(completion);
        const text = typeof completion.text === 'string' ? completion.text : '';
        if (!decoded.ok || decoded.calls.length === 0) {
          if (text.length > 0) run.dialogue.push({ role: 'assistant', content: text });
          finishTurn(run);
          return;
        }
        const toolCalls = toToolCalls(decoded.calls, completion, `call_${run.turn}_${run.step}`);
        const results = run.environment.execute(decoded.calls);
        run.dialogue.push(...stepMessages(toolCalls, results, text.length > 0 ? text : undefined));
        run.currentSteps.push(decoded.calls);
        run.step += 1;
        outcome.steps += 1;
        if (run.step > MAXIMUM_STEP_LIMIT) {
          // As upstream: the force-quit turn keeps its steps, later turns are never asked (so the entry
          // fails as force-terminated unless this was its last turn).
          run.forceQuit = true;
          run.decodedTurns.push(run.currentSteps);
          run.done = true;
        }
      });
      for (const run of active.filter((candidate) => candidate.done)) {
        outcome.items.push(scoreRun(run, data, outcome));
        onEntry();
      }
    }
  }
  return outcome;
}

function scoreRun(run: EntryRun, data: BfclData, outcome: EntryOutcome): BenchmarkItemResult {
  const verdict = checkEntry(run.entry, run.decodedTurns, data.constants);
  outcome.entries += 1;
  if (verdict.valid) outcome.correct += 1;
  else outcome.failures[verdict.errorType] = (outcome.failures[verdict.errorType] ?? 0) + 1;
  const irrelevanceTurns = run.entry.goldCalls.flatMap((calls, turn) => (calls.length === 0 ? [turn] : []));
  const abstained = irrelevanceTurns.filter((turn) => (run.decodedTurns[turn]?.length ?? 1) === 0);
  outcome.irrelevanceTurns += irrelevanceTurns.length;
  outcome.irrelevanceCorrect += abstained.length;
  return {
    id: run.entry.id,
    correct: verdict.valid,
    score: verdict.valid ? 1 : 0,
    details: {
      protocol: 'entry',
      turns: run.entry.turns.length,
      stepsPerTurn: run.decodedTurns.map((steps) => steps.length),
      forceQuit: run.forceQuit,
      irrelevanceTurns,
      irrelevanceAbstained: abstained,
      ...(verdict.valid ? {} : { errorType: verdict.errorType, error: verdict.message, ...verdict.details }),
    },
  };
}
