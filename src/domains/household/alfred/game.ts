/** A loaded ALFWorld game: the parsed contents of one `game.tw-pddl` file. */
import type { GameGrammar } from './grammar.ts';
import type { PddlDomain, PddlProblem } from './pddl.ts';

/** ALFWorld's six task types (names as in ALFWorld's TASK_TYPES). */
export const TASK_TYPES = [
  'pick_and_place_simple',
  'look_at_obj_in_light',
  'pick_clean_then_place_in_recep',
  'pick_heat_then_place_in_recep',
  'pick_cool_then_place_in_recep',
  'pick_two_obj_and_place',
] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export interface AlfworldGame {
  /** Folder of the game relative to the data folder (e.g. `pick_and_place_simple-Apple-None-Fridge-1/trial_1`). */
  id: string;
  /** Path of the `game.tw-pddl` file. */
  path: string;
  taskType: TaskType;
  /** The task sentence, e.g. `put some spraybottle on toilet.` (from the grammar's `task` rule). */
  task: string;
  domain: PddlDomain;
  problem: PddlProblem;
  grammar: GameGrammar;
  /** Expert commands that reach the goal. */
  walkthrough: string[];
}
