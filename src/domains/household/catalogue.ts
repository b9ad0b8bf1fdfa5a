/**
 * What a household scene is made of: ALFWorld's six task types (short names in specs), the object
 * kinds each task type may target (consistent with ALFRED's heatable / coolable / cleanable tables),
 * the receptacles an object may lie on, the destinations, and the task sentences in ALFWorld's wording.
 */
import type { TaskType } from './alfred/game.ts';

export const TASKS = ['pick', 'look', 'clean', 'heat', 'cool', 'two'] as const;
export type HouseholdTask = (typeof TASKS)[number];

export const TASK_TYPE_OF: Record<HouseholdTask, TaskType> = {
  pick: 'pick_and_place_simple',
  look: 'look_at_obj_in_light',
  clean: 'pick_clean_then_place_in_recep',
  heat: 'pick_heat_then_place_in_recep',
  cool: 'pick_cool_then_place_in_recep',
  two: 'pick_two_obj_and_place',
};

const PORTABLE = ['keychain', 'cellphone', 'book', 'pen', 'pencil', 'creditcard', 'cd', 'candle', 'spraybottle'];
const FOOD = ['apple', 'egg', 'potato', 'tomato', 'bread'];
const DISHES = ['mug', 'cup', 'plate', 'bowl'];

/** Object kinds each task type may target. */
export const TARGETS: Record<HouseholdTask, readonly string[]> = {
  pick: [...PORTABLE, ...FOOD, ...DISHES],
  look: ['book', 'cd', 'pen', 'pencil', 'keychain', 'cellphone', 'creditcard', 'mug', 'bowl'],
  clean: ['apple', 'bowl', 'cup', 'egg', 'fork', 'knife', 'lettuce', 'mug', 'plate', 'potato', 'spoon', 'tomato'],
  heat: ['apple', 'bread', 'cup', 'egg', 'mug', 'plate', 'potato', 'tomato'],
  cool: ['apple', 'bowl', 'bread', 'cup', 'egg', 'lettuce', 'mug', 'plate', 'potato', 'tomato'],
  two: [...PORTABLE, ...FOOD, ...DISHES],
};

/** Receptacles that open and close. */
export const OPENABLE = new Set(['drawer', 'cabinet', 'safe', 'fridge', 'microwave']);
/** Where objects lie while the agent searches (the scene draws its search receptacles from these). */
export const SEARCH_KINDS = ['cabinet', 'countertop', 'drawer', 'dresser', 'shelf', 'sidetable', 'safe', 'armchair'];
/** Destinations of the placing tasks; for `look`, the receptacle the desk lamp stands on. */
export const DESTINATIONS = ['countertop', 'diningtable', 'shelf', 'sidetable', 'drawer', 'cabinet', 'safe', 'sofa'];
export const LAMP_HOLDERS = ['desk', 'sidetable', 'dresser'];
/** The appliance each transforming task uses, and its verb. */
export const APPLIANCE: Partial<Record<HouseholdTask, { kind: string; verb: string }>> = {
  clean: { kind: 'sinkbasin', verb: 'clean' },
  heat: { kind: 'microwave', verb: 'heat' },
  cool: { kind: 'fridge', verb: 'cool' },
};
/** Distractor object kinds (never a target of the same scene). */
export const DISTRACTOR_KINDS = [
  'pillow',
  'vase',
  'statue',
  'watch',
  'box',
  'newspaper',
  'remotecontrol',
  'tissuebox',
  'soapbottle',
  'saltshaker',
  'peppershaker',
  'houseplant',
];

/** Task sentence after "Your task is to: " (ALFWorld's templates). */
export function taskSentence(task: HouseholdTask, object: string, destination: string): string {
  switch (task) {
    case 'pick':
      return `put a ${object} in ${destination}.`;
    case 'look':
      return `look at ${object} under the desklamp.`;
    case 'clean':
      return `clean some ${object} and put it in ${destination}.`;
    case 'heat':
      return `heat some ${object} and put it in ${destination}.`;
    case 'cool':
      return `cool some ${object} and put it in ${destination}.`;
    case 'two':
      return `put two ${object} in ${destination}.`;
  }
}
