/** The options of the arithmetic domain (`domain.options` of a run config naming `arithmetic`). */
import { z } from 'zod';

export const ArithmeticOptionsSchema = z
  .object({
    seedCount: z.number().int().min(1).max(10000).default(60).describe('seed tasks in the base dataset'),
    heldOutSize: z.number().int().min(1).max(10000).default(120).describe('items per held-out set'),
  })
  .strict();
