import { join } from 'node:path';
import { z } from 'zod';
import { GenEnvError, firstZodIssue } from '../interfaces/index.ts';
import type { HookTrainingSettings } from '../external-trainers/index.ts';

/** `options.trainer` of an OpenAI-served policy: how its LLM weights get updated between epochs. */
export const TrainerOptionsSchema = z
  .object({
    command: z
      .string()
      .min(1)
      .describe('shell command run per update with the exported data paths; prints the new adapter path'),
    format: z.enum(['trl', 'verl', 'openrlhf']).default('trl').describe('dataset format the trainer reads'),
    adapters: z
      .enum(['vllm', 'llama-cpp'])
      .default('vllm')
      .describe('how adapters are loaded into the inference server'),
    workDir: z.string().optional().describe('folder for exports and adapters (default: <run dir>/trainer)'),
    timeoutSeconds: z
      .number()
      .positive()
      .optional()
      .describe('seconds one run of the command may take before it is stopped (SIGTERM); unset: no limit'),
    weighting: z
      .enum(['column', 'resample'])
      .default('column')
      .describe(
        "how the simulator's RWR weights reach the trainer: a weight column on each row (column), or rows repeated " +
          'in proportion to their weights, for trainers that ignore weights (resample)',
      ),
  })
  .strict();

/** Splits `options` into the backend's own options and the trainer hook settings (if any). */
export function splitTrainerOptions(
  options: Record<string, unknown>,
  role: string,
): { rest: Record<string, unknown>; trainer: z.infer<typeof TrainerOptionsSchema> | null } {
  const { trainer, ...rest } = options;
  if (trainer === undefined) return { rest, trainer: null };
  const parsed = TrainerOptionsSchema.safeParse(trainer);
  if (!parsed.success) {
    const { path, message } = firstZodIssue(parsed.error);
    throw new GenEnvError('config', `${role}.options.trainer${path ? `.${path}` : ''}: ${message}`);
  }
  return { rest, trainer: parsed.data };
}

/** Hook settings with the adapter manager of the server the policy talks to. */
export async function hookSettings(
  trainer: z.infer<typeof TrainerOptionsSchema>,
  baseUrls: string[],
  apiKeyEnvironment: string | undefined,
  runDirectory: string,
  role: string,
): Promise<HookTrainingSettings> {
  const { VllmAdapterManager, LlamaCppAdapterManager } = await import('../external-trainers/index.ts');
  const adapters =
    trainer.adapters === 'vllm'
      ? new VllmAdapterManager(baseUrls, apiKeyEnvironment)
      : new LlamaCppAdapterManager(baseUrls, apiKeyEnvironment);
  return {
    command: trainer.command,
    format: trainer.format,
    adapters,
    timeoutSeconds: trainer.timeoutSeconds,
    weighting: trainer.weighting,
    workDir: trainer.workDir ?? join(runDirectory, 'trainer', role),
  };
}
