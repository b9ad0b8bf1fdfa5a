/** The options of the tool-use domain (`domain.options` of a run config naming `toolworld`). */
import type { z } from 'zod';
import { worldOptionsSchema } from '../world-options.ts';

export const ToolWorldOptionsSchema = worldOptionsSchema({
  seedTasks: 500,
  world: 'the in-memory world',
  exactReward: 'the exact call sequence',
  partialReward: 'the F1 of matched call names and argument values',
  success: 'the exact match',
});
export type ToolWorldOptions = z.infer<typeof ToolWorldOptionsSchema>;
