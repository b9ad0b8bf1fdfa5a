/**
 * The grammar of the household compact spec (see spec.ts), in its only field order:
 *
 *   <task>|<object>><destination>|r<2-6·width>|p<1-r>|d<0-6>|c<0-min(3,r)>
 *
 * The object comes from the task's targets, the destination from the destinations (for `look`, the lamp
 * holders), the target's place in the search order from 1 to the receptacles, closed containers at most the
 * receptacles. These are exactly the specs the schema accepts, and every one of them instantiates for any seed:
 * the scene builder draws search receptacles of kinds other than the destination (always at least two kinds
 * each, open and closed), puts the target at its place and never draws a distractor of a target kind, so the
 * planner's search always finds it (`grammar.test.ts` checks every combination of task, destination and scene
 * numbers). Started for a family (a task type), only that task opens the spec.
 */
import type { SpecGrammar } from '../../interfaces/index.ts';
import { type ChoiceStep, choiceGrammar } from '../choice-grammar.ts';
import { DESTINATIONS, type HouseholdTask, LAMP_HOLDERS, TARGETS, TASKS } from './catalogue.ts';
import { MAX_CLOSED, MAX_DISTRACTORS, MAX_RECEPTACLES } from './spec.ts';

const MIN_RECEPTACLES = 2;

/** The task types of a family: that one task, or every task for '' or a family that is not a task. */
function tasksOf(family: string): readonly HouseholdTask[] {
  return TASKS.includes(family as HouseholdTask) ? [family as HouseholdTask] : TASKS;
}

const range = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => `${prefix}${from + index}`);

/** The grammar of a household with up to `maxReceptacles` search receptacles (the original household's by default). */
export function householdGrammar(maxReceptacles: number = MAX_RECEPTACLES): SpecGrammar {
  return choiceGrammar((made, family): ChoiceStep => {
    const task = made[0] as HouseholdTask | undefined;
    const receptacles = made[3] === undefined ? 0 : Number(made[3].slice(2));
    switch (made.length) {
      case 0:
        return { options: tasksOf(family), canEnd: false };
      case 1:
        return { options: TARGETS[task!].map((object) => `|${object}`), canEnd: false };
      case 2:
        return {
          options: (task === 'look' ? LAMP_HOLDERS : DESTINATIONS).map((place) => `>${place}`),
          canEnd: false,
        };
      case 3:
        return { options: range('|r', MIN_RECEPTACLES, maxReceptacles), canEnd: false };
      case 4:
        return { options: range('|p', 1, receptacles), canEnd: false };
      case 5:
        return { options: range('|d', 0, MAX_DISTRACTORS), canEnd: false };
      case 6:
        return { options: range('|c', 0, Math.min(MAX_CLOSED, receptacles)), canEnd: false };
      default:
        return { options: [], canEnd: true };
    }
  });
}
