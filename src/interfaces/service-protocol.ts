/**
 * The wire protocol of `genenv serve` (docs/serving.md §2), the one thing the service and its clients share:
 * OpenEnv's HTTP and WebSocket messages and OpenRLHF's reward request, each way. The service validates
 * requests with these schemas at its edge (bounds keep a hostile payload to a bounded amount of work); a
 * client validates answers with them, so a reply out of protocol is one readable error, not a crash.
 */
import { z } from 'zod';
import { ChatMessageSchema } from './chat.ts';
import { describeZodError } from './zod-error.ts';

/**
 * An id on the wire: 1 to 255 printable ASCII characters. `required` is the reason given when a request leaves
 * it out (zod's own says only that a string was expected).
 */
const identifier = (description: string, required?: string) =>
  z
    .string(
      required === undefined ? undefined : { error: (issue) => (issue.input === undefined ? required : undefined) },
    )
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

/** A step over HTTP, which names its episode (a WebSocket session holds it). */
export const HttpStepRequestSchema = StepRequestSchema.extend({
  episode_id: identifier(
    'the episode the action belongs to',
    'required over HTTP (it comes with the reset observation)',
  ),
});
export type HttpStepRequest = z.infer<typeof HttpStepRequestSchema>;

export const CloseRequestSchema = z.object({ episode_id: identifier('the unscored episode to give back') });
export type CloseRequest = z.infer<typeof CloseRequestSchema>;

/** The query of `GET /state`: an episode's state, or the service's when none is named. */
export const StateQuerySchema = z.object({
  episode_id: identifier('the episode whose state is asked; left out: the service state').optional(),
});
export type StateQuery = z.infer<typeof StateQuerySchema>;

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
  z.object({
    type: z.literal('close'),
    // OpenEnv's close names no episode: the session's own is given back as the socket closes.
    data: z.object({ episode_id: identifier('an unscored episode to give back first').optional() }).nullish(),
  }),
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

/** One line from a zod error (`field.path: message`), bounded so that a refusal stays short. */
export function issueLine(error: z.ZodError): string {
  return describeZodError(error).slice(0, 300);
}

// Answers: the shapes the service sends. A client parses them and drops keys it does not know, so the service
// may add keys without breaking one.

const promptText = z.string().describe('compact text of the task (what a small model reads)');
const chatMessages = z
  .array(z.object({ role: ChatMessageSchema.shape.role, content: z.string() }))
  .describe('chat messages of the task');
const toolSchemas = z
  .array(
    z.object({
      type: z.literal('function'),
      function: z.object({ name: z.string(), description: z.string(), parameters: z.record(z.string(), z.unknown()) }),
    }),
  )
  .describe('OpenAI function tool schemas, when the task has tools');
/** A prompt as a trainer reads it: compact text, chat messages and tool schemas. */
const promptFields = { prompt: promptText, messages: chatMessages, tools: toolSchemas };
// Fields only some observations have, described as `GET /schema` shows them (optional).
const environmentAnswer = z
  .string()
  .optional()
  .describe("multi-turn domains: the environment's answer to the last action");
const turnCount = z.number().int().optional().describe('multi-turn domains: actions taken so far in this episode');
const stepLimit = z.number().int().optional().describe('multi-turn domains: the step limit of this episode');
const duplicateMark = z
  .literal(true)
  .optional()
  .describe('another copy of this attempt was scored first: the reward is real, the curriculum counted the first');

/** The task of a reset observation: what a trainer may know about it, never its reference answer. */
export const ServedTaskSchema = z.object({
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
});
export type ServedTask = z.infer<typeof ServedTaskSchema>;

/** The verifier's verdict on a scored attempt: a success for p̂, or why the answer was invalid. */
export const FeedbackSchema = z.object({ success: z.boolean(), invalid: z.string().nullable() });

/** The observation of a new episode: the rendered task and its place in the curriculum. */
export const ResetObservationSchema = z.object({ episode_id: z.string(), ...promptFields, task: ServedTaskSchema });
export type ResetObservation = z.infer<typeof ResetObservationSchema>;

/** The observation after a turn that did not end a multi-turn episode: the answer and the next turn's prompt. */
export const TurnObservationSchema = z.object({
  episode_id: z.string(),
  observation: environmentAnswer.unwrap(),
  turn: turnCount.unwrap(),
  max_steps: stepLimit.unwrap(),
  ...promptFields,
});
export type TurnObservation = z.infer<typeof TurnObservationSchema>;

/** The observation of a scored episode (multi-turn: with the last answer and the turn count). */
export const ScoredObservationSchema = z.object({
  episode_id: z.string(),
  task: ServedTaskSchema.pick({ id: true, epoch: true, attempt: true }),
  feedback: FeedbackSchema,
  observation: environmentAnswer,
  turns: z.number().int().optional(),
  duplicate: duplicateMark,
});
export type ScoredObservation = z.infer<typeof ScoredObservationSchema>;

/** An unscored answer (OpenEnv's `{observation, reward, done}`): no reward yet, the episode goes on. */
const unscored = <Observation extends z.ZodType>(observation: Observation) =>
  z.object({ observation, reward: z.null(), done: z.literal(false) });

/** OpenEnv's answer to a reset. */
export const ResetAnswerSchema = unscored(ResetObservationSchema);
/** OpenEnv's answer to a step that scored the episode: the verifier's reward in [0, 1]. */
export const ScoredAnswerSchema = z.object({
  observation: ScoredObservationSchema,
  reward: z.number(),
  done: z.literal(true),
});
/** OpenEnv's answer to a step that played a turn of a multi-turn episode without ending it. */
export const TurnAnswerSchema = unscored(TurnObservationSchema);
export type ResetAnswer = z.infer<typeof ResetAnswerSchema>;
export type ScoredAnswer = z.infer<typeof ScoredAnswerSchema>;
export type TurnAnswer = z.infer<typeof TurnAnswerSchema>;
/** OpenEnv's answer to a step: scored (`done: true`), or a multi-turn episode's next turn (`done: false`). */
export const StepAnswerSchema = z.discriminatedUnion('done', [ScoredAnswerSchema, TurnAnswerSchema]);
/** The answer to reset and step (OpenEnv's `{observation, reward, done}`). */
export type StepAnswer = ResetAnswer | ScoredAnswer | TurnAnswer;

/** The answer to `POST /close`: the episode's attempt went back to the curriculum. */
export const CloseAnswerSchema = z.object({ closed: z.literal(true) });
export type CloseAnswer = z.infer<typeof CloseAnswerSchema>;

/** The answer to `GET /health`: `unhealthy` once the simulator or the store failed (`/state` says why). */
export const HealthSchema = z.object({ status: z.enum(['healthy', 'unhealthy']) });
export type Health = z.infer<typeof HealthSchema>;

/** An open round as `/state` shows it: one served epoch's progress. */
export const RoundStatusSchema = z.object({
  epoch: z.number().int(),
  done: z.number().int(),
  size: z.number().int(),
  /** Attempts handed out and not yet scored. */
  outstanding: z.number().int(),
  /** Attempts handed out again while out (lease run out, or backups). */
  reissued: z.number().int(),
});
export type RoundStatus = z.infer<typeof RoundStatusSchema>;

/** OpenEnv's state as `GET /schema` describes it; `/state` adds the service's progress (`ServiceStateSchema`). */
const EpisodeStateSchema = z.object({
  episode_id: z.string().nullable(),
  step_count: z.number().int(),
  epoch: z.number().int().nullable(),
  finished: z.boolean(),
});

/** The answer to `GET /state`: an episode's state, the open rounds, what the service prepares, its counters. */
export const ServiceStateSchema = EpisodeStateSchema.extend({
  closed_epochs: z.number().int(),
  open_rounds: z.array(RoundStatusSchema),
  preparing: z.string().nullable(),
  open_episodes: z.number().int(),
  /** `steps` are scored episodes (`duplicates` of them were second copies), `turns` unscored turns. */
  counters: z.record(z.string(), z.number()),
  failure: z.string().nullable(),
  memory_mb: z.object({ rss: z.number(), heap: z.number() }),
  cpu_seconds: z.number(),
});
export type ServiceState = z.infer<typeof ServiceStateSchema>;

/** The answer to `GET /metadata`; `name` is `genenv-<domain>`. */
export const MetadataSchema = z.object({
  name: z.string(),
  description: z.string(),
  version: z.string(),
  author: z.string(),
});
export type Metadata = z.infer<typeof MetadataSchema>;

/** OpenRLHF's answer to `/get_reward`: one reward per query (`scores` repeats it), and the successes. */
export const RewardAnswerSchema = z.object({
  rewards: z.array(z.number()),
  scores: z.array(z.number()),
  extra_logs: z.object({ success: z.array(z.number()) }),
});
export type RewardAnswer = z.infer<typeof RewardAnswerSchema>;

/** The answer to `GET /schema`: JSON Schemas of the action, the observation and the state (see `protocolSchemas`). */
export const ProtocolSchemasSchema = z.object({
  action: z.record(z.string(), z.unknown()),
  observation: z.record(z.string(), z.unknown()),
  state: z.record(z.string(), z.unknown()),
});
export type ProtocolSchemas = z.infer<typeof ProtocolSchemasSchema>;

/** An HTTP refusal's body: one line, and a stable code (absent only for a route that does not exist). */
export const RefusalBodySchema = z.object({ error: z.string(), code: z.string().optional() });

/** A WebSocket refusal's data; `retry_after_s` says when a retry may succeed (a limit that frees up). */
export interface SocketRefusal {
  message: string;
  code: string;
  retry_after_s?: number;
}

/** WebSocket messages of the service (OpenEnv): an answer to reset or step, a state, or a refusal. */
export type SocketReply =
  | { type: 'observation'; data: StepAnswer }
  | { type: 'state'; data: ServiceState }
  | { type: 'error'; data: SocketRefusal };

/** JSON schemas of action, observation and state for `GET /schema`. */
export function protocolSchemas(): ProtocolSchemas {
  // One object for every observation: the fields each kind has, optional where some kinds lack them.
  const observation = z.object({
    episode_id: z.string(),
    ...promptFields,
    task: ServedTaskSchema.optional().describe('after reset (and, without features, after the scored step)'),
    observation: environmentAnswer,
    turn: turnCount,
    max_steps: stepLimit,
    feedback: FeedbackSchema.optional(),
    duplicate: duplicateMark,
  });
  return {
    action: z.toJSONSchema(ActionSchema, { io: 'input', unrepresentable: 'any' }),
    observation: z.toJSONSchema(observation),
    state: z.toJSONSchema(EpisodeStateSchema),
  };
}

/** One HTTP route of the service: how it is called, what it reads (null: nothing) and what it answers. */
export interface ServiceRoute {
  method: 'GET' | 'POST';
  path: string;
  /** The request body (POST) or query (GET), as the service validates it. */
  request: z.ZodType | null;
  answer: z.ZodType;
}

/**
 * The HTTP routes of `genenv serve` (docs/serving.md §2), written once: the service registers and validates its
 * routes by this table and the client derives its typed methods from it, as hono's `hc<App>` derives a client from
 * an app's routes. `reward` is OpenRLHF's `/get_reward`; the rest are OpenEnv's, and `close` the service's own.
 */
export const SERVICE_ROUTES = {
  reset: { method: 'POST', path: '/reset', request: ResetRequestSchema, answer: ResetAnswerSchema },
  step: { method: 'POST', path: '/step', request: HttpStepRequestSchema, answer: StepAnswerSchema },
  close: { method: 'POST', path: '/close', request: CloseRequestSchema, answer: CloseAnswerSchema },
  state: { method: 'GET', path: '/state', request: StateQuerySchema, answer: ServiceStateSchema },
  metadata: { method: 'GET', path: '/metadata', request: null, answer: MetadataSchema },
  schema: { method: 'GET', path: '/schema', request: null, answer: ProtocolSchemasSchema },
  health: { method: 'GET', path: '/health', request: null, answer: HealthSchema },
  reward: { method: 'POST', path: '/get_reward', request: RewardRequestSchema, answer: RewardAnswerSchema },
} as const satisfies Record<string, ServiceRoute>;

export type ServiceRoutes = typeof SERVICE_ROUTES;
export type RouteName = keyof ServiceRoutes;
/** What a client sends to a route: its request schema's input (undefined for a route that reads nothing). */
export type RouteRequest<Name extends RouteName> = ServiceRoutes[Name]['request'] extends z.ZodType
  ? z.input<ServiceRoutes[Name]['request']>
  : undefined;
/** What a route answers, as its answer schema parses it. */
export type RouteAnswer<Name extends RouteName> = z.infer<ServiceRoutes[Name]['answer']>;
