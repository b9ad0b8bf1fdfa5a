/**
 * Loader of ALFWorld `game.tw-pddl` files: JSON with `pddl_domain`, `pddl_problem`, `grammar`,
 * `solvable` and `walkthrough` (see ALFWorld's `scripts/alfworld-generate`). Every game is replayed
 * once along its walkthrough: a walkthrough that does not reach the goal in this engine is rejected.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { GenEnvError } from '../../../interfaces/errors.ts';
import { AlfworldEngine, NOTHING_HAPPENS } from './engine.ts';
import { COMPUTED_RULES } from './feedback.ts';
import { TASK_TYPES, type AlfworldGame, type TaskType } from './game.ts';
import { parseGrammar } from './grammar.ts';
import { parseDomain, parseProblem, type Formula } from './pddl.ts';

export const GAME_FILE_NAME = 'game.tw-pddl';
const TASK_PREFIX = 'Your task is to: ';

/** Task type from the goal's shape (ALFWorld's goal library): used when no `traj_data.json` says it. */
export function taskTypeOfGoal(goal: Formula): TaskType {
  const predicates = new Set<string>();
  let distinctObjects = false;
  const visit = (formula: Formula, negated: boolean): void => {
    switch (formula.kind) {
      case 'atom':
        predicates.add(formula.atom.predicate);
        return;
      case 'equal':
        if (negated) distinctObjects = true;
        return;
      case 'not':
        visit(formula.part, !negated);
        return;
      case 'and':
      case 'or':
        formula.parts.forEach((part) => {
          visit(part, negated);
        });
        return;
      case 'imply':
        visit(formula.condition, negated);
        visit(formula.consequence, negated);
        return;
      case 'exists':
      case 'forall':
        visit(formula.body, negated);
        return;
      case 'true':
        return;
    }
  };
  visit(goal, false);
  if (predicates.has('istoggled') || predicates.has('ison')) return 'look_at_obj_in_light';
  if (distinctObjects) return 'pick_two_obj_and_place';
  if (predicates.has('isclean')) return 'pick_clean_then_place_in_recep';
  if (predicates.has('ishot')) return 'pick_heat_then_place_in_recep';
  if (predicates.has('iscool')) return 'pick_cool_then_place_in_recep';
  return 'pick_and_place_simple';
}

export interface ParseOptions {
  /** Task type from the game's `traj_data.json`; else it is read off the goal. */
  taskTypeHint?: string;
  /** Replay the walkthrough and reject the game unless it reaches the goal (default true). */
  checkWalkthrough?: boolean;
}

/** Outcome of reading one file: a game, a file ALFWorld itself skips (unsolvable), or a rejection. */
export type GameFileResult = { kind: 'game'; game: AlfworldGame } | { kind: 'skipped'; reason: string };

/**
 * Parses and checks one game file's text. Throws `GenEnvError('benchmark', '<file>: <reason>')` for
 * malformed files; returns `skipped` for files ALFWorld skips (`solvable` false or missing).
 */
export function parseGameFile(text: string, file: string, id: string, options: ParseOptions = {}): GameFileResult {
  const { taskTypeHint, checkWalkthrough = true } = options;
  const reject = (reason: string, cause?: unknown): never => {
    throw new GenEnvError('benchmark', `${file}: ${reason}`, { cause });
  };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return reject('not JSON', error);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return reject('not a JSON object');
  const record = data as Record<string, unknown>;
  for (const field of ['pddl_domain', 'pddl_problem', 'grammar']) {
    if (typeof record[field] !== 'string' || !(record[field] as string).trim()) reject(`missing or empty "${field}"`);
  }
  if (!('solvable' in record)) return { kind: 'skipped', reason: 'no "solvable" key (ALFWorld skips such games)' };
  if (record.solvable !== true) return { kind: 'skipped', reason: 'marked unsolvable (ALFWorld skips such games)' };
  const walkthrough = record.walkthrough;
  if (
    !Array.isArray(walkthrough) ||
    walkthrough.length === 0 ||
    walkthrough.some((step) => typeof step !== 'string' || !step.trim())
  ) {
    return reject('"walkthrough" is not a non-empty list of commands');
  }
  const parse = <T>(what: string, run: () => T): T => {
    try {
      return run();
    } catch (error) {
      return reject(`${what}: ${(error as Error).message.split('\n')[0]}`, error);
    }
  };
  const domain = parse('pddl_domain', () => parseDomain(record.pddl_domain as string));
  const problem = parse('pddl_problem', () => parseProblem(record.pddl_problem as string));
  const grammar = parse('grammar', () => parseGrammar(record.grammar as string));
  if (domain.name !== 'alfred') reject(`domain "${domain.name}" is not the ALFRED domain`);
  for (const action of ['gotolocation', 'pickupobject', 'putobject']) {
    if (!domain.actions.has(action)) reject(`the domain has no ${action} action`);
  }
  if (problem.domain && problem.domain !== domain.name)
    reject(`the problem is for domain "${problem.domain}", not "${domain.name}"`);
  for (const rule of ['intro', 'task', ...COMPUTED_RULES]) {
    if (!grammar.rules.has(rule)) reject(`the grammar has no "${rule}" rule`);
  }
  const taskRule = grammar.rules.get('task')![0]!.rhs;
  if (!taskRule.startsWith(TASK_PREFIX) || taskRule.includes('UNKNOWN GOAL'))
    reject(`the grammar's task rule is not a task ("${taskRule.slice(0, 60)}")`);
  const taskType = (TASK_TYPES as readonly string[]).includes(taskTypeHint ?? '')
    ? (taskTypeHint as TaskType)
    : taskTypeOfGoal(problem.goal);
  const game: AlfworldGame = {
    id,
    path: file,
    taskType,
    task: taskRule.slice(TASK_PREFIX.length).trim(),
    domain,
    problem,
    grammar,
    walkthrough: (walkthrough as string[]).map((step) => step.trim()),
  };
  const engine = parse('game', () => new AlfworldEngine(game));
  parse('intro', () => engine.reset());
  if (!checkWalkthrough) return { kind: 'game', game };
  if (engine.won()) reject('the goal already holds at the start');
  game.walkthrough.forEach((command, index) => {
    const result = parse(`walkthrough step ${index + 1}`, () => engine.step(command));
    if (result.observation === NOTHING_HAPPENS) reject(`walkthrough step ${index + 1} ("${command}") does nothing`);
    if (result.won && index < game.walkthrough.length - 1)
      reject(`the goal holds after walkthrough step ${index + 1} of ${game.walkthrough.length}`);
  });
  if (!engine.won()) reject('the walkthrough ends before the goal holds');
  return { kind: 'game', game };
}

/**
 * Paths of every `game.tw-pddl` under `folder`, sorted; paths with `movable` or `Sliced` are left out, as ALFWorld
 * does.
 */
export async function findGameFiles(folder: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (current: string): Promise<void> => {
    const entries = await readdir(current, { withFileTypes: true });
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.name === GAME_FILE_NAME) found.push(full);
    }
  };
  await walk(folder);
  return found.filter((file) => !/movable|Sliced/.test(path.relative(folder, file))).sort();
}

export interface LoadedGames {
  games: AlfworldGame[];
  skipped: { path: string; reason: string }[];
}

/** Loads every game under `folder` (see findGameFiles). Throws GenEnvError on a missing folder or a malformed file. */
export async function loadGames(folder: string): Promise<LoadedGames> {
  const info = await stat(folder).catch(() => null);
  if (!info?.isDirectory()) throw new GenEnvError('benchmark', `ALFWorld data folder not found: ${folder}`);
  const result: LoadedGames = { games: [], skipped: [] };
  for (const file of await findGameFiles(folder)) {
    const directory = path.dirname(file);
    const trajectory = await readFile(path.join(directory, 'traj_data.json'), 'utf8').then(
      (text) => {
        try {
          return (JSON.parse(text) as { task_type?: unknown }).task_type;
        } catch {
          return undefined;
        }
      },
      () => undefined,
    );
    const outcome = parseGameFile(await readFile(file, 'utf8'), file, path.relative(folder, directory) || '.', {
      taskTypeHint: typeof trajectory === 'string' ? trajectory : undefined,
    });
    if (outcome.kind === 'game') result.games.push(outcome.game);
    else result.skipped.push({ path: file, reason: outcome.reason });
  }
  return result;
}
