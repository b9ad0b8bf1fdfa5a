import { z } from 'zod';

/**
 * Wire schemas of `genenv serve` (OpenEnv's HTTP and WebSocket messages, OpenRLHF's reward request),
 * validated at the edge. Bounds keep a hostile payload from costing more than a bounded amount of work.
 */

const identifier = (description: string) =>
  z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .describe(description);

/** A tool call of an action: OpenAI shape (`arguments` as a JSON string) or already parsed. */
export const ActionToolCallSchema = z
  .object({
    name: z.string().min(1).max(200),
    arguments: z.union([z.record(z.string(), z.unknown()), z.string().max(65_536)]).optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  })
  .describe('one tool call; `arguments` may be an object or its JSON text, `parameters` is accepted as an alias');

/** What the agent does in one step: its answer text and/or tool calls (single turn: the episode's completion). */
export const ActionSchema = z
  .object({
    text: z.string().max(262_144).optional().describe("the agent's response text (scored on the response only)"),
    tool_calls: z.array(ActionToolCallSchema).max(64).optional().describe('tool calls of the response'),
    metadata: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('free-form; `policy_version` (string) labels the trace'),
  })
  .strict()
  .refine((action) => action.text !== undefined || action.tool_calls !== undefined, {
    message: 'an action needs `text` or `tool_calls`',
  });
export type Action = z.infer<typeof ActionSchema>;

export const ResetRequestSchema = z.object({
  seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().describe('accepted for OpenEnv; unused'),
  episode_id: identifier('custom episode id (must be new)').optional(),
  group_key: identifier('resets with the same key get the same task instance (one GRPO group)').optional(),
});
export type ResetRequest = z.infer<typeof ResetRequestSchema>;

export const StepRequestSchema = z.object({
  action: ActionSchema,
  episode_id: identifier('the episode the action belongs to (required over HTTP)').optional(),
  request_id: identifier('idempotency key: a retried step with the same id is answered, not counted again').optional(),
  timeout_s: z.number().gt(0).max(3600).optional(),
});
export type StepRequest = z.infer<typeof StepRequestSchema>;

export const CloseRequestSchema = z.object({ episode_id: identifier('the unscored episode to give back') });

/** WebSocket messages (OpenEnv): `{type, data}`; the session holds the episode. */
export const SocketMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('reset'), data: ResetRequestSchema.optional() }),
  z.object({
    type: z.literal('step'),
    data: z.union([
      StepRequestSchema.omit({ episode_id: true }),
      ActionSchema.transform((action) => ({ action }) as Omit<StepRequest, 'episode_id'>),
    ]),
  }),
  z.object({ type: z.literal('state'), data: z.unknown().optional() }),
  z.object({ type: z.literal('close'), data: z.unknown().optional() }),
]);
export type SocketMessage = z.infer<typeof SocketMessageSchema>;

/** OpenRLHF `--remote_rm_url`: one reward per (query, label); the label is the episode id from `reset`. */
export const RewardRequestSchema = z
  .object({
    query: z.array(z.string().max(262_144)).min(1).max(4096),
    prompts: z.array(z.string().max(262_144)).max(4096).optional(),
    labels: z.array(identifier('episode id from reset')).max(4096),
  })
  .refine((request) => request.labels.length === request.query.length, {
    message: 'labels must have one episode id per query',
  })
  .refine((request) => request.prompts === undefined || request.prompts.length === request.query.length, {
    message: 'prompts must have one entry per query',
  });
export type RewardRequest = z.infer<typeof RewardRequestSchema>;

/** One line from a zod error: `field.path: message`. */
export function issueLine(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid request';
  const where = issue.path.length ? `${issue.path.map(String).join('.')}: ` : '';
  return `${where}${issue.message}`.split('\n')[0]!.slice(0, 300);
}

/** JSON schemas of action, observation and state for `GET /schema`. */
export function protocolSchemas(): Record<'action' | 'observation' | 'state', unknown> {
  const observation = z.object({
    episode_id: z.string(),
    prompt: z.string().describe('compact text of the task (what a small model reads)'),
    messages: z.array(z.object({ role: z.string(), content: z.string() })).describe('chat messages of the task'),
    tools: z.array(z.record(z.string(), z.unknown())).describe('OpenAI function tool schemas, when the task has tools'),
    task: z
      .object({
        id: z.string(),
        family: z.string(),
        epoch: z.number().int(),
        task_type: z.string(),
        source: z
          .string()
          .describe('where the task type came from: simulator, replay (a D_train instance) or seed (base data)'),
        attempt: z.number().int().describe('index of this attempt within the GRPO group (0..G-1)'),
        group_size: z.number().int(),
        features: z.record(z.string(), z.number()),
      })
      .optional()
      .describe('after reset (and, without features, after the scored step)'),
    observation: z.string().optional().describe("multi-turn domains: the environment's answer to the last action"),
    turn: z.number().int().optional().describe('multi-turn domains: actions taken so far in this episode'),
    max_steps: z.number().int().optional().describe('multi-turn domains: the step limit of this episode'),
    feedback: z.object({ success: z.boolean(), invalid: z.string().nullable() }).optional(),
    duplicate: z
      .literal(true)
      .optional()
      .describe('another copy of this attempt was scored first: the reward is real, the curriculum counted the first'),
  });
  const state = z.object({
    episode_id: z.string().nullable(),
    step_count: z.number().int(),
    epoch: z.number().int().nullable(),
    finished: z.boolean(),
  });
  return {
    action: z.toJSONSchema(ActionSchema, { io: 'input', unrepresentable: 'any' }),
    observation: z.toJSONSchema(observation),
    state: z.toJSONSchema(state),
  };
}
