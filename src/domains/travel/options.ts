/** The options of the travel domain (`domain.options` of a run config naming `travel`). */
import type { z } from 'zod';
import { worldOptionsSchema } from '../world-options.ts';

export const TravelOptionsSchema = worldOptionsSchema({
  seedTasks: 400,
  world: 'the generated sandbox',
  exactReward: "TravelPlanner's final pass",
  partialReward: 'the share of its 13 checks passed',
  success: 'the final pass',
});
export type TravelOptions = z.infer<typeof TravelOptionsSchema>;
