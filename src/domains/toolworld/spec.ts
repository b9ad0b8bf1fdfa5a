/**
 * The task spec the simulator writes: an intent, the distractor tools shown beside the needed ones,
 * surface-form choices (phrasing rarity, values in words, irrelevant context) and optional fixed slot
 * values. Each variation of a spec draws the slots it leaves open.
 */
import { z } from 'zod';
import { INTENT_IDS, intentById, intentTools } from './intents.ts';
import { TOOL_NAMES } from './tools.ts';

/** At most this many distractor tools (the catalogue has 16 tools; a chain uses at most 3). */
export const MAX_DISTRACTORS = 8;
/** Phrasing rarity levels 0..3 (3 = unseen in the seed set). */
export const PHRASING_LEVELS = 4;
/** Words levels: 0 all values literal, 1 the first transformable value in words, 2 all in words. */
export const WORDS_LEVELS = 3;
/** Irrelevant context sentences before the request: 0..2. */
export const CONTEXT_LEVELS = 3;

/** Slot values are strings without the compact form's separators, so `formatSpec` always round-trips. */
const SlotValueSchema = z
  .string()
  .regex(/^[^|,=\n\r"{}]{1,40}$/, 'slot values are 1–40 characters without | , = " { } or line breaks')
  .refine((value) => value.trim() === value, 'slot values have no leading or trailing spaces');

export const ToolWorldSpecSchema = z
  .object({
    intent: z.enum(INTENT_IDS as [string, ...string[]]).describe('what the user asks for (a chain of 1–3 calls)'),
    distractors: z
      .array(z.enum(TOOL_NAMES as [string, ...string[]]))
      .max(MAX_DISTRACTORS)
      .describe('tools shown that the task does not need'),
    phrasing: z
      .number()
      .int()
      .min(0)
      .max(PHRASING_LEVELS - 1)
      .describe('paraphrase rarity: 0 common … 3 unseen'),
    words: z
      .number()
      .int()
      .min(0)
      .max(WORDS_LEVELS - 1)
      .describe('values written in words: 0 none, 1 first, 2 all'),
    context: z
      .number()
      .int()
      .min(0)
      .max(CONTEXT_LEVELS - 1)
      .describe('irrelevant sentences before the request'),
    slots: z.record(z.string(), SlotValueSchema).describe('fixed slot values; open slots are drawn per variation'),
  })
  .strict()
  .superRefine((spec, issues) => {
    const item = intentById(spec.intent);
    if (!item) return;
    const used = new Set(intentTools(item));
    const seen = new Set<string>();
    for (const name of spec.distractors) {
      if (used.has(name))
        issues.addIssue({
          code: 'custom',
          message: `distractor ${name} is a tool the intent ${spec.intent} calls`,
          path: ['distractors'],
        });
      if (seen.has(name))
        issues.addIssue({ code: 'custom', message: `distractor ${name} is listed twice`, path: ['distractors'] });
      seen.add(name);
    }
    for (const slot of Object.keys(spec.slots)) {
      if (!(slot in item.slots))
        issues.addIssue({
          code: 'custom',
          message: `intent ${spec.intent} has no slot ${slot} (slots: ${Object.keys(item.slots).join(', ')})`,
          path: ['slots'],
        });
    }
  });

export type ToolWorldSpec = z.infer<typeof ToolWorldSpecSchema>;
