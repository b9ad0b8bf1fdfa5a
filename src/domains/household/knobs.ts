/**
 * Difficulty knobs (easy → hard), the spec a parametric simulator gets from a choice of knob values,
 * the inverse, and the difficulty features of a spec.
 */
import type { z } from 'zod';
import type { Knob } from '../../interfaces/domain.ts';
import type { Features, ParseResult } from '../../interfaces/task.ts';
import { describeZodError } from '../../interfaces/zod-error.ts';
import { Random } from '../../util/random.ts';
import { chooseKnobValues } from '../knob-values.ts';
import { DESTINATIONS, LAMP_HOLDERS, TARGETS, TASKS, type HouseholdTask } from './catalogue.ts';
import { HouseholdSpecSchema, type HouseholdSpec, MAX_RECEPTACLES } from './spec.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** The knobs of a household with at most `maxReceptacles` search receptacles (the deepest target as deep). */
export const householdKnobs = (maxReceptacles: number): readonly Knob[] => [
  { name: 'task', description: 'ALFWorld task type', values: ['pick', 'look', 'clean', 'heat', 'cool', 'two'] },
  { name: 'receptacles', description: 'search receptacles in the room', values: range(2, maxReceptacles) },
  {
    name: 'depth',
    description: 'place of the target in the search order (plan length)',
    values: range(1, maxReceptacles),
  },
  { name: 'distractors', description: 'objects that are not the target', values: [0, 1, 2, 4, 6] },
  { name: 'closed', description: 'closed containers to open while searching', values: [0, 1, 2, 3] },
];

/** The knobs of the original household (width 1). */
export const HOUSEHOLD_KNOBS: readonly Knob[] = householdKnobs(MAX_RECEPTACLES);

/** Steps a task type adds beyond the search and the final placement. */
const TASK_STEPS: Record<HouseholdTask, number> = { pick: 0, look: 0, clean: 2, heat: 2, cool: 2, two: 4 };

/**
 * One value per knob, each one of `knobs`' (the world's own), → a spec valid under `schema`; `seed` picks the object
 * and the destination. Depth and closed are capped.
 */
export function householdSpecFromKnobs(
  values: Record<string, string | number>,
  seed: number,
  knobs: readonly Knob[] = HOUSEHOLD_KNOBS,
  schema: z.ZodType<HouseholdSpec> = HouseholdSpecSchema,
): ParseResult<HouseholdSpec> {
  const checked = chooseKnobValues(knobs, values);
  if (!checked.ok) return checked;
  const chosen = checked.value;
  const random = new Random(seed);
  const task = chosen.task as HouseholdTask;
  const receptacles = chosen.receptacles as number;
  const parsed = schema.safeParse({
    task,
    object: random.pick(TARGETS[task]),
    destination: random.pick(task === 'look' ? LAMP_HOLDERS : DESTINATIONS),
    receptacles,
    position: Math.min(chosen.depth as number, receptacles),
    distractors: chosen.distractors,
    closed: Math.min(chosen.closed as number, receptacles),
  });
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: describeZodError(parsed.error) };
}

export function householdKnobValuesOf(spec: HouseholdSpec): Record<string, string | number> {
  const nearest = (values: readonly (string | number)[], wanted: number) =>
    (values as number[]).reduce((best, value) => (Math.abs(value - wanted) <= Math.abs(best - wanted) ? value : best));
  return {
    task: spec.task,
    receptacles: spec.receptacles,
    depth: spec.position,
    distractors: nearest(HOUSEHOLD_KNOBS[3]!.values, spec.distractors),
    closed: spec.closed,
  };
}

/**
 * Features: searchDepth, receptacles, distractors, closed, taskSteps, estimatedPlanLength (a go per
 * receptacle searched, an open per closed one passed, take, the task's steps, go and put) and the
 * scalar difficulty (0 = trivial).
 */
export function householdFeatures(spec: HouseholdSpec): Features {
  const taskSteps = TASK_STEPS[spec.task];
  const opens = Math.min(spec.closed, spec.position);
  const features: Features = {
    searchDepth: spec.position,
    receptacles: spec.receptacles,
    distractors: spec.distractors,
    closed: spec.closed,
    taskSteps,
    estimatedPlanLength: spec.position + opens + 1 + taskSteps + 2,
  };
  features.difficulty =
    Math.round(
      (0.5 * (spec.position - 1) +
        0.3 * opens +
        0.25 * taskSteps +
        0.05 * spec.distractors +
        0.1 * (spec.receptacles - 2)) *
        1000,
    ) / 1000;
  return features;
}

export const TASK_NAMES = TASKS;
