import { z } from 'zod';
import { GenEnvError } from '../../interfaces/errors.ts';
import { describeZodErrorAt, unknownKeyError } from '../../interfaces/zod-error.ts';
import { PieceSplitSchema } from '../../models/tokenizer.ts';

/** Model shapes by name; `default` is the ≈0.5M-parameter model of the embedded preset. */
export const modelSizes = {
  tiny: { modelWidth: 32, layers: 1, heads: 2, hiddenWidth: 64, contextLength: 160 },
  small: { modelWidth: 64, layers: 2, heads: 4, hiddenWidth: 176, contextLength: 256 },
  default: { modelWidth: 128, layers: 2, heads: 4, hiddenWidth: 352, contextLength: 256 },
} as const;

const positive = (description: string) => z.number().positive().describe(description);
const unit = (description: string) => z.number().min(0).max(1).describe(description);

/** Options both built-in policies take: the model's shape, its tokenizer, the warm start and update basics. */
const sharedOptions = {
  size: z
    .enum(['tiny', 'small', 'default'])
    .default('default')
    .describe(
      'model shape preset: tiny (width 32, 1 layer, context 160 tokens), small (width 64, 2 layers, context 256) or ' +
        'default (width 128, 2 layers, context 256: about 0.5M parameters)',
    ),
  modelWidth: z
    .number()
    .int()
    .min(8)
    .max(1024)
    .optional()
    .describe("residual width, overriding the size's; it must split into heads of even width"),
  layers: z.number().int().min(1).max(16).optional().describe("transformer blocks, overriding the size's"),
  heads: z.number().int().min(1).max(32).optional().describe("attention heads per block, overriding the size's"),
  hiddenWidth: z
    .number()
    .int()
    .min(8)
    .max(4096)
    .optional()
    .describe("width of the feed-forward layer inside each block, overriding the size's"),
  contextLength: z
    .number()
    .int()
    .min(16)
    .max(2048)
    .optional()
    .describe("tokens the model reads at most, prompt and response together, overriding the size's"),
  tieEmbeddings: z
    .boolean()
    .default(false)
    .describe('output head shares the token embedding (helps copying values from the prompt)'),
  copyHead: z
    .boolean()
    .default(false)
    .describe('a pointer over the tokens so far mixed into the output (writes values read in the prompt)'),
  merges: z.number().int().min(0).max(2048).default(64).describe('BPE merges learned on the domain corpus'),
  pieces: PieceSplitSchema.default('none').describe(
    'cut text into words, digits and symbols before merges (words), the same with every two-digit run one ' +
      'token (numbers), or merge across them (none)',
  ),
  learningRate: positive('AdamW learning rate of updates').max(1).default(2e-3),
  warmStartLearningRate: positive('AdamW learning rate of the SFT warm start').max(1).default(3e-3),
  warmStartEpochs: z
    .number()
    .int()
    .min(0)
    .max(1000)
    .default(3)
    .describe('passes of the SFT warm start over its demonstrations (0 = no warm start)'),
  warmStartSchedule: z
    .enum(['constant', 'cosine'])
    .default('constant')
    .describe('warm-start learning rate: constant, or 5% linear warm-up then cosine decay to a tenth'),
  warmStartOrder: z
    .enum(['shuffled', 'shortest-first'])
    .default('shuffled')
    .describe(
      'order of the warm-start pairs: shuffled every epoch, or the first epoch shortest first (a curriculum: ' +
        'the first turns of a multi-turn task teach copying before the longer turns need it), then shuffled',
    ),
  batchSize: z.number().int().min(1).max(4096).default(16).describe('sequences per SFT step'),
  weightDecay: z
    .number()
    .min(0)
    .max(1)
    .default(0)
    .describe('AdamW weight decay (decoupled, scaled by the learning rate)'),
  clipNorm: z.number().min(0).default(1).describe('global gradient-norm clip (0 = off)'),
  klCoefficient: z
    .number()
    .min(0)
    .max(100)
    .default(0.02)
    .describe('KL penalty to the reference (agent) / initial simulator'),
  klEstimator: z
    .enum(['k1', 'k2', 'k3'])
    .default('k3')
    .describe(
      'per-token estimate of the KL penalty: k1 logπ − logπ_ref, k2 ½(logπ − logπ_ref)², or k3 ' +
        'exp(logπ_ref − logπ) − (logπ_ref − logπ) − 1 (≥ 0, clamped at 10 nats)',
    ),
  updateEpochs: z.number().int().min(1).max(64).default(1).describe('passes over each batch per update'),
  maxResponseTokens: z.number().int().min(1).max(2048).default(64).describe('response/proposal budget in tokens'),
  workers: z.number().int().min(0).max(64).default(0).describe('worker threads for sampling (0 = in process)'),
  backend: z
    .enum(['auto', 'native', 'wasm'])
    .optional()
    .describe(
      'compute backend for the whole process: the native addon, WebAssembly (the reference numbers), or ' +
        'auto (native when built); unset: GENENV_BACKEND, else auto',
    ),
  trainThreads: z
    .number()
    .int()
    .min(1)
    .max(2)
    .default(1)
    .describe(
      'threads per training step (2 = a helper thread takes the second half of each batch, and the simulator ' +
        "updates on a thread of its own beside the agent's update; the same results either way)",
    ),
};

/** Options only the built-in agent takes: GRPO and rehearsal. */
const agentOnlyOptions = {
  clip: unit('PPO/GRPO ratio clip ε').default(0.2),
  entropyCoefficient: z
    .number()
    .min(0)
    .max(10)
    .default(0)
    .describe("bonus on the entropy of the agent's next-token distributions in the GRPO objective"),
  advantage: z
    .enum(['grpo', 'dr-grpo', 'rloo'])
    .default('grpo')
    .describe(
      "a rollout's advantage within its group: grpo (r − mean) / std, dr-grpo r − mean, or rloo r − the mean of " +
        'the other rewards',
    ),
  aggregation: z
    .enum(['token-mean', 'sequence-mean'])
    .default('token-mean')
    .describe(
      'the batch mean of the GRPO loss: over all tokens alike, or within each sequence and then over sequences',
    ),
  rehearsalLearningRate: positive(
    "AdamW learning rate of the SFT pass over the update's rehearsal (pairs from D_train)",
  )
    .max(1)
    .default(1e-3),
  rehearsalEpochs: z.number().int().min(1).max(64).default(1).describe("passes over each update's rehearsal"),
  warmStartPromptLoss: z
    .boolean()
    .default(false)
    .describe(
      "the warm start's loss also covers the prompt's own tokens (language modelling), not only the response: " +
        'a prompt full of names repeated (rooms, observations) teaches a small agent to copy from its context ' +
        'in far fewer steps',
    ),
  minibatchSize: z
    .number()
    .int()
    .min(1)
    .max(4096)
    .default(64)
    .describe('rollouts per GRPO optimiser step: whole groups are packed until a step holds at least this many'),
  warmStartCheckSteps: z
    .number()
    .int()
    .min(0)
    .max(100000)
    .default(0)
    .describe(
      "optimiser steps between the warm start's checks of its greedy accuracy on the run's validation split " +
        '(warmStartValidation); it then stops by them, warmStartEpochs being its cap (0 = no checks: all epochs)',
    ),
  warmStartPatience: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(3)
    .describe('checks without a better validation accuracy after which the warm start stops and keeps the best'),
};

/** Options only the built-in simulator takes. */
const simulatorOnlyOptions = {
  explore: z
    .number()
    .min(0)
    .max(0.5)
    .default(0)
    .describe(
      'under the grammar, the share of tokens drawn uniformly among the valid continuations instead of from the ' +
        'model: keeps spec values the warm start never wrote (an unseen phrasing, say) within reach of the curriculum',
    ),
  klCap: positive('cap on the KL of one update, measured on the batch').default(0.05),
  entropyBonus: z
    .number()
    .min(0)
    .max(10)
    .default(0)
    .describe(
      "bonus on the entropy of the simulator's next-token distributions in its RWR update: keeps neighbouring " +
        'specs (a harder rung) in reach after the in-band records of one epoch repeat a single spec',
    ),
  grammar: z
    .enum(['constrained', 'free'])
    .default('constrained')
    .describe("sample only tokens that continue a valid spec of the domain's grammar (constrained), or any (free)"),
  keepFamily: z
    .boolean()
    .default(true)
    .describe(
      "under the grammar, write a spec of the context seed's family (a variation of the seed, as in the paper), " +
        'so that a trained simulator cannot drift onto one family; false lets it write any family',
    ),
};

/** `agent.options` of a built-in agent in the run config. */
export const AgentOptionsSchema = z.object({ ...sharedOptions, ...agentOnlyOptions }).strict();
/** `simulator.options` of a built-in simulator in the run config. */
export const SimulatorOptionsSchema = z.object({ ...sharedOptions, ...simulatorOnlyOptions }).strict();

export type AgentOptions = z.infer<typeof AgentOptionsSchema>;
export type SimulatorOptions = z.infer<typeof SimulatorOptionsSchema>;
/** What both built-in policies' options hold. */
export type SharedOptions = AgentOptions | SimulatorOptions;
export type BuiltinRole = 'agent' | 'simulator';
/** The options type of a role. */
export type OptionsOf<R extends BuiltinRole> = R extends 'agent' ? AgentOptions : SimulatorOptions;

const schemas = { agent: AgentOptionsSchema, simulator: SimulatorOptionsSchema } as const;
const onlyOf = { agent: Object.keys(agentOnlyOptions), simulator: Object.keys(simulatorOnlyOptions) } as const;

/** Validates `agent.options`; a bad value becomes one readable line (GenEnvError 'config'). */
export function parseAgentOptions(options: Record<string, unknown>): AgentOptions {
  return parseOptions(options, 'agent');
}

/** Validates `simulator.options`; a bad value becomes one readable line (GenEnvError 'config'). */
export function parseSimulatorOptions(options: Record<string, unknown>): SimulatorOptions {
  return parseOptions(options, 'simulator');
}

function parseOptions<R extends BuiltinRole>(options: Record<string, unknown>, role: R) {
  const other: BuiltinRole = role === 'agent' ? 'simulator' : 'agent';
  const misplaced = Object.keys(options).find((key) => onlyOf[other].includes(key));
  if (misplaced !== undefined)
    throw new GenEnvError('config', `${role}.options.${misplaced}: only the built-in ${other} takes this option`);
  const parsed = schemas[role].safeParse(options, { error: unknownKeyError });
  if (!parsed.success) throw new GenEnvError('config', describeZodErrorAt(parsed.error, `${role}.options`));
  const value = parsed.data;
  const shape = {
    ...modelSizes[value.size],
    ...definedOnly({
      modelWidth: value.modelWidth,
      layers: value.layers,
      heads: value.heads,
      hiddenWidth: value.hiddenWidth,
      contextLength: value.contextLength,
    }),
  };
  if (shape.modelWidth % shape.heads !== 0 || (shape.modelWidth / shape.heads) % 2 !== 0) {
    throw new GenEnvError(
      'config',
      `${role}.options: modelWidth ${shape.modelWidth} must split into ${shape.heads} heads of even width`,
    );
  }
  if (value.maxResponseTokens >= shape.contextLength) {
    throw new GenEnvError(
      'config',
      `${role}.options.maxResponseTokens ${value.maxResponseTokens} must be below contextLength ${shape.contextLength}`,
    );
  }
  return canonicalOptions({ ...value, ...shape }) as OptionsOf<R>;
}

/** Update options that older checkpoints still hold; they shaped only updates, never acting. */
const RETIRED_OPTIONS = ['guidance', 'negativeSamples', 'updateWarmupSteps'];

/**
 * Options read back from a checkpoint of `role`. Checkpoints written before the two schemas were
 * split hold every option of both roles; the other role's keys and retired options are dropped.
 */
export function checkpointOptions<R extends BuiltinRole>(options: unknown, role: R) {
  const other: BuiltinRole = role === 'agent' ? 'simulator' : 'agent';
  const record = typeof options === 'object' && options !== null ? (options as Record<string, unknown>) : {};
  const own = Object.fromEntries(
    Object.entries(record).filter(([key]) => !onlyOf[other].includes(key) && !RETIRED_OPTIONS.includes(key)),
  );
  return canonicalOptions(schemas[role].parse(own)) as OptionsOf<R>;
}

/** The same options with keys in sorted order, so that saved checkpoints are byte-identical after a reload. */
export function canonicalOptions<O extends SharedOptions>(options: O): O {
  return Object.fromEntries(Object.entries(options).sort(([left], [right]) => (left < right ? -1 : 1))) as O;
}

function definedOnly<T extends Record<string, number | undefined>>(values: T): Partial<Record<keyof T, number>> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<
    Record<keyof T, number>
  >;
}

/** The model shape an options object resolves to (after parsing). */
export function shapeOf(options: SharedOptions): {
  modelWidth: number;
  layers: number;
  heads: number;
  hiddenWidth: number;
  contextLength: number;
  tieEmbeddings: boolean;
  copyHead: boolean;
} {
  return {
    modelWidth: options.modelWidth!,
    layers: options.layers!,
    heads: options.heads!,
    hiddenWidth: options.hiddenWidth!,
    contextLength: options.contextLength!,
    tieEmbeddings: options.tieEmbeddings,
    copyHead: options.copyHead,
  };
}
