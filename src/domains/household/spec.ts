/**
 * The household spec the simulator writes: a task type, its target object kind and destination, and
 * the scene's difficulty: search receptacles, where in the search order the target lies, distractor
 * objects, closed containers. Compact form: `clean|mug>countertop|r4|p2|d3|c1`.
 */
import { z } from 'zod';
import type { ParseResult } from '../../interfaces/task.ts';
import { parseSpecText } from '../spec-text.ts';
import { DESTINATIONS, LAMP_HOLDERS, TARGETS, TASKS } from './catalogue.ts';

/** The most search receptacles of the original household (width 1). */
export const MAX_RECEPTACLES = 6;
export const MAX_DISTRACTORS = 6;
export const MAX_CLOSED = 3;
/**
 * The widest household a world may be: up to MAX_RECEPTACLES × MAX_WIDTH search receptacles. At width 3 the compact
 * turn text of the longest searches still fits the built-in agent's 256-token context; at 4 it does not.
 */
export const MAX_WIDTH = 3;

/**
 * The most search receptacles (and so the deepest place of the target) a household of `width` allows:
 * MAX_RECEPTACLES × width. Width 1 is the original household; a wider one adds searches several times longer.
 */
export const maxReceptaclesOf = (width: number): number => MAX_RECEPTACLES * width;

/** The spec schema of a household with at most `maxReceptacles` search receptacles. */
export const householdSpecSchema = (maxReceptacles: number) =>
  z
    .object({
      task: z.enum(TASKS).describe('ALFWorld task type (short name)'),
      object: z.string().describe('kind of the object to find'),
      destination: z.string().describe('kind of receptacle to put it in (look: the lamp holder)'),
      receptacles: z.number().int().min(2).max(maxReceptacles).describe('search receptacles'),
      position: z.number().int().min(1).max(maxReceptacles).describe('1-based place of the target in search order'),
      distractors: z.number().int().min(0).max(MAX_DISTRACTORS).describe('objects that are not the target'),
      closed: z.number().int().min(0).max(MAX_CLOSED).describe('closed containers among the search receptacles'),
    })
    .strict()
    .superRefine((spec, issues) => {
      const add = (message: string, path: string) => issues.addIssue({ code: 'custom', message, path: [path] });
      if (!TARGETS[spec.task].includes(spec.object))
        add(`a ${spec.task} task cannot target ${spec.object} (allowed: ${TARGETS[spec.task].join(', ')})`, 'object');
      const places = spec.task === 'look' ? LAMP_HOLDERS : DESTINATIONS;
      if (!places.includes(spec.destination))
        add(`${spec.destination} is not a ${spec.task === 'look' ? 'lamp holder' : 'destination'}`, 'destination');
      if (spec.position > spec.receptacles)
        add(`position ${spec.position} is past the ${spec.receptacles} search receptacles`, 'position');
      if (spec.closed > spec.receptacles) add(`${spec.closed} closed of ${spec.receptacles} receptacles`, 'closed');
    });

/** The spec schema of the original household (width 1). */
export const HouseholdSpecSchema = householdSpecSchema(MAX_RECEPTACLES);
export type HouseholdSpec = z.infer<typeof HouseholdSpecSchema>;

/** Canonical compact text: `task|object>destination|r<n>|p<n>|d<n>|c<n>`. */
export function formatHouseholdSpec(spec: HouseholdSpec): string {
  const scene = `r${spec.receptacles}|p${spec.position}|d${spec.distractors}|c${spec.closed}`;
  return `${spec.task}|${spec.object}>${spec.destination}|${scene}`;
}

// Receptacles and position take two digits in a wide world, never a leading zero (`r06` is not a spec).
const COMPACT = /^([a-z]+)\|([a-z]+)>([a-z]+)\|r(\d|[1-9]\d)\|p(\d|[1-9]\d)\|d(\d)\|c(\d)$/;

/**
 * Parses the compact form or JSON into a spec valid under `schema` (the world's own; the original household's by
 * default); malformed text gives a reason, never a throw.
 */
export function parseHouseholdSpec(
  text: string,
  schema: z.ZodType<HouseholdSpec> = HouseholdSpecSchema,
): ParseResult<HouseholdSpec> {
  return parseSpecText(text, { schema, parseCompact: parseCompactFields });
}

/** `task|object>destination|r<n>|p<n>|d<n>|c<n>` as a plain object (types checked by the schema). */
function parseCompactFields(text: string): ParseResult<unknown> {
  const match = COMPACT.exec(text);
  if (!match) return { ok: false, reason: 'expected task|object>destination|r<n>|p<n>|d<n>|c<n>' };
  const [, task, object, destination, receptacles, position, distractors, closed] = match;
  return {
    ok: true,
    value: {
      task,
      object,
      destination,
      receptacles: Number(receptacles),
      position: Number(position),
      distractors: Number(distractors),
      closed: Number(closed),
    },
  };
}
