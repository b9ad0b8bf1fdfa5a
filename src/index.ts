/**
 * genenv as a library (`import … from 'genenv'`, docs/library.md): run a co-evolution from a config, resume one,
 * resolve presets, write a task world of your own with `defineDomain`, make the built-in and OpenAI-compatible
 * policies, talk to `genenv serve`, and build a run's report. What is exported here is the public surface and keeps
 * its meaning across versions; everything else under src/ is internal. The product below never imports this file
 * (test/architecture.test.ts).
 *
 * Importing the package loads no more than it needs to be used: the parts that stand on a heavy dependency (the
 * OpenAI-compatible policies on the openai client, the report on echarts) are loaded by their first call, through
 * the doors below that keep their types.
 */
import type * as BuiltinPolicies from './policies/builtin/index.ts';
import type * as OpenAIPolicies from './policies/openai/index.ts';
import type * as Reports from './report/index.ts';

// Running a co-evolution.
export {
  type CoevolutionConfig,
  type CoevolutionOptions,
  type CoevolutionResult,
  resolveConfig,
  resumeCoevolution,
  runCoevolution,
} from './composition/coevolution-run.ts';
export { DEFAULT_PRESET as defaultPreset, PRESETS as presets } from './composition/presets.ts';
export {
  type AgentFactory,
  createDomain,
  domainNames,
  type PlayerInput,
  type PlayerRegistry,
  type SimulatorFactory,
} from './composition/registry.ts';
// Worlds and players of your own, registered once for runs, resumes and comparisons.
export { createGenenv, type Genenv } from './composition/registered-library.ts';
// Comparisons of variants.
export { runComparison } from './composition/comparison.ts';
export type { ComparisonOptions } from './composition/comparison-plan.ts';

// Writing a task world.
export {
  DEFAULT_MAX_VARIATIONS,
  type DomainDefinition,
  type DomainFactory,
  defineDomain,
  type InstantiateOne,
  type WorldDefinition,
  type WorldParts,
  type WorldScoring,
  type WorldVariations,
} from './domains/define-domain.ts';
export type { HeldOutDraw } from './domains/held-out-sets.ts';
export type { VariationResult } from './domains/variations.ts';
export { deriveSeed, Random, stableId } from './util/random.ts';
// The schema library specs and options are written in: the same zod genenv validates with, so its types match.
export { z } from 'zod';

// Policies.
export type { BuiltinPolicyInput } from './policies/builtin/index.ts';
// The built-in policies load the model and its kernels on first use, not when the library is imported.
const builtinPolicies = () => import('./policies/builtin/index.ts');
/**
 * π_agent of genenv's own small transformer, trained in process (options: the config's `agent.options` for
 * `builtin`, docs/configuration.md; a bad one throws a ConfigError).
 */
export const createBuiltinAgent: typeof BuiltinPolicies.createBuiltinAgent = async (input) =>
  (await builtinPolicies()).createBuiltinAgent(input);
/** π_env of genenv's own small transformer (options: the config's `simulator.options` for `builtin`). */
export const createBuiltinSimulator: typeof BuiltinPolicies.createBuiltinSimulator = async (input) =>
  (await builtinPolicies()).createBuiltinSimulator(input);
/** A trained built-in agent from a run's checkpoint folder (`runs/…/checkpoints/epoch-NNNN/agent`), for evaluation. */
export const loadBuiltinAgent: typeof BuiltinPolicies.loadBuiltinAgent = async (checkpointDirectory) =>
  (await builtinPolicies()).loadBuiltinAgent(checkpointDirectory);
export type { OpenAIPolicyInput } from './policies/openai/index.ts';
const openAIPolicies = () => import('./policies/openai/index.ts');
/**
 * π_agent served by an OpenAI-compatible server, `openai:<base URL>[,<base URL>...]#<model>` (options: the config's
 * `agent.options`, docs/configuration.md; a bad one throws GenEnvError 'config'). Nothing is contacted until the
 * first `act`.
 */
export const createOpenAIAgent: typeof OpenAIPolicies.createOpenAIAgent = async (input) =>
  (await openAIPolicies()).createOpenAIAgent(input);
/** π_env served by an OpenAI-compatible server on `domain`, trained in context (options: `simulator.options`). */
export const createOpenAISimulator: typeof OpenAIPolicies.createOpenAISimulator = async (input) =>
  (await openAIPolicies()).createOpenAISimulator(input);

// The client side of `genenv serve`.
export { type Reply, ServeClient } from './serve-client/client.ts';
export {
  type ServedCurriculumOptions,
  ServedCurriculum,
  type TaskObservation,
} from './serve-client/served-episodes.ts';
export type { ServedEpochRecord } from './serve-client/served-epoch-record.ts';
export { observedPrompt, type ServedTrainingInput, trainOverService } from './serve-client/served-trainer.ts';

// Reports.
/**
 * Builds `report.html` in a run or comparison directory from its stored files only, and resolves with the page's
 * absolute path; GenEnvError 'store' when a file is missing or malformed.
 */
export const buildReport: typeof Reports.buildReport = async (directory) =>
  (await import('./report/index.ts')).buildReport(directory);

// The contracts: errors, tasks, domains, policies, configs, summaries, events.
export {
  type AgentDemonstration,
  type AgentPolicy,
  type AgentPrompt,
  type AgentUpdateBatch,
  type AgentUpdateStats,
  type AgentWarmStartStats,
  type ChatMessage,
  type Completion,
  type Domain,
  type SimulatorPolicy,
  type EpisodeEnvironment,
  type EpochMetrics,
  type ErrorCode,
  type EventSink,
  type Features,
  BenchmarkError,
  ConfigError,
  DomainError,
  GenEnvError,
  type GenEnvErrorOptions,
  InternalError,
  NotAvailableError,
  PolicyError,
  type Remedy,
  ResumeError,
  type RunFolderKind,
  StoreError,
  UsageError,
  type HeldOutSet,
  type InstantiateResult,
  type InteractiveDomain,
  type Knob,
  type ParseResult,
  type Proposal,
  type RunConfig,
  type RunConfigInput,
  RunConfigSchema,
  type RunEvent,
  type RunSummary,
  RunSummarySchema,
  type SampleOptions,
  type Score,
  type SeedTask,
  type SimulatorDemonstration,
  type SimulatorRecord,
  type SimulatorUpdateBatch,
  type SimulatorUpdateStats,
  type SimulatorWarmStartStats,
  type SimulatorContext,
  type SpecGrammar,
  type TaskInstance,
  type ToolSchema,
  type TrainableAgent,
  type TrainableSimulator,
  type WarmStartOptions,
  type Variant,
} from './interfaces/index.ts';

// The service from the library, and what its typed client throws (docs/library.md, docs/serving.md).
export {
  type ServeHandle,
  type ServeOptions,
  type ServeSettings,
  serve,
} from './composition/served-run.ts';
export type { ServeLimits } from './serve/limits.ts';
export type { StepInput } from './serve-client/client.ts';
export { ServiceProtocolError, ServiceRefusal, ServiceUnreachable } from './serve-client/service-errors.ts';
export type {
  CloseAnswer,
  Health,
  Metadata,
  ProtocolSchemas,
  ResetAnswer,
  ResetObservation,
  ResetRequest,
  RewardAnswer,
  RewardRequest,
  ScoredAnswer,
  ServedTask,
  ServiceState,
  TurnAnswer,
} from './interfaces/index.ts';
// Typed configs: the names of presets, worlds and players as literal unions that admit a caller's registered names,
// each option's input type (its members documented with their ranges and defaults), and the schemas that check them.
export type {
  BuiltinAgents,
  BuiltinDomains,
  BuiltinSimulators,
  DomainNames,
  DomainPart,
  ExtraNames,
  NoExtraNames,
  OfflinePart,
  OpenAIPolicyName,
  PlayerPart,
} from './composition/config-input.ts';
export type {
  ArithmeticOptionsInput,
  ClausesOptionsInput,
  BuiltinAgentOptionsInput,
  BuiltinSimulatorOptionsInput,
  HouseholdOptionsInput,
  LadderOptionsInput,
  MultihopOptionsInput,
  OpenAIAgentOptionsInput,
  OpenAISimulatorOptionsInput,
  ParametricOptionsInput,
  RunConfigFields,
  StudentOptionsInput,
  ToolWorldOptionsInput,
  TrainerHookOptionsInput,
  TravelOptionsInput,
} from './composition/option-inputs.ts';
export type { PresetFields, PresetName } from './composition/presets.ts';
export { TrainerOptionsSchema as TrainerHookOptionsSchema } from './composition/trainer-options.ts';
export type { DomainOptionsOf, WorldSeed } from './domains/define-domain.ts';
export type { Variation } from './domains/variations.ts';
export { ArithmeticOptionsSchema } from './domains/arithmetic/options.ts';
export { ClausesOptionsSchema } from './domains/clauses/options.ts';
export { HouseholdOptionsSchema } from './domains/household/options.ts';
export { LadderOptionsSchema } from './domains/ladder/options.ts';
export { MultihopOptionsSchema } from './domains/multihop/options.ts';
export { ToolWorldOptionsSchema } from './domains/toolworld/options.ts';
export { TravelOptionsSchema } from './domains/travel/options.ts';
export {
  AgentOptionsSchema as BuiltinAgentOptionsSchema,
  SimulatorOptionsSchema as BuiltinSimulatorOptionsSchema,
} from './policies/builtin/options.ts';
export {
  AgentOptionsSchema as OpenAIAgentOptionsSchema,
  SimulatorOptionsSchema as OpenAISimulatorOptionsSchema,
} from './policies/openai/options.ts';
export { ParametricOptionsSchema } from './policies/parametric/parametric-simulator.ts';
export { StudentOptionsSchema } from './policies/student/student.ts';
