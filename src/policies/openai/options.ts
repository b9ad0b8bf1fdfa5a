/** Backend options of the OpenAI-compatible policies, validated with zod at the edge. */
import { z } from 'zod';

/** Options shared by the agent and the simulator: transport, concurrency, retries. */
export const ConnectionOptionsSchema = z.object({
  apiKeyEnv: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
    .default('OPENAI_API_KEY')
    .describe('name of the environment variable holding the API key (the key itself is never logged or stored)'),
  concurrency: z
    .number()
    .int()
    .min(1)
    .max(65536)
    .default(64)
    .describe('requests in flight at most, over all base URLs'),
  timeoutSeconds: z.number().gt(0).max(3600).default(120).describe('per-request timeout in seconds'),
  maxRetries: z
    .number()
    .int()
    .min(0)
    .max(100)
    .default(6)
    .describe('retries per request after 429, 5xx, timeouts or dropped connections'),
  retryBaseSeconds: z
    .number()
    .min(0)
    .max(60)
    .default(0.5)
    .describe('first retry delay in seconds; doubles each retry (full jitter)'),
  retryMaxSeconds: z
    .number()
    .min(0)
    .max(600)
    .default(30)
    .describe('cap of one retry delay, Retry-After included, in seconds'),
  maxTokens: z
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .optional()
    .describe('max_tokens per completion; unset lets the server decide'),
  temperature: z
    .number()
    .min(0)
    .max(10)
    .optional()
    .describe('sampling temperature used when the loop does not set one'),
  extraBody: z
    .record(z.string(), z.unknown())
    .default({})
    .describe('extra fields merged into every request body (e.g. top_k for vLLM)'),
});

export const AgentOptionsSchema = ConnectionOptionsSchema.extend({
  mode: z
    .enum(['tools', 'text'])
    .default('tools')
    .describe(
      'tools: native tool calling; text: tools described in the prompt, calls written as <tool_call>{...}</tool_call>',
    ),
  logprobs: z.boolean().default(true).describe('ask for per-token log-probabilities (kept when the server gives them)'),
  choicesPerRequest: z.number().int().min(1).max(1024).default(16).describe('n per request; larger groups are split'),
}).strict();
export type AgentOptions = z.infer<typeof AgentOptionsSchema>;

export const SimulatorOptionsSchema = ConnectionOptionsSchema.extend({
  output: z
    .enum(['structured', 'json-extract', 'free-form'])
    .default('structured')
    .describe(
      'structured: response_format json_schema from the domain schema (falls back to json-extract when ' +
        'refused); json-extract: JSON found in free text; free-form: task text plus reference answer',
    ),
  strict: z.boolean().default(true).describe('json_schema strict flag'),
  exemplars: z.number().int().min(0).max(64).default(4).describe('k: exemplars from D_env per prompt (in-context RWR)'),
  poolSize: z
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(512)
    .describe('D_env records kept for in-context RWR (the most recent ones)'),
}).strict();
export type SimulatorOptions = z.infer<typeof SimulatorOptionsSchema>;
