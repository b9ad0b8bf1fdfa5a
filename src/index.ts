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
export { createDomain, domainNames } from './composition/registry.ts';

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
export {
  type BuiltinPolicyInput,
  createBuiltinAgent,
  createBuiltinSimulator,
  loadBuiltinAgent,
} from './policies/builtin/index.ts';
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
  type AgentPolicy,
  type AgentPrompt,
  type ChatMessage,
  type Completion,
  type Domain,
  type EnvironmentPolicy,
  type EpisodeEnvironment,
  type EpochMetrics,
  type ErrorCode,
  type EventSink,
  type Features,
  GenEnvError,
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
  type SimulatorContext,
  type SpecGrammar,
  type TaskInstance,
  type ToolSchema,
  type TrainableAgent,
  type TrainableSimulator,
  type Variant,
} from './interfaces/index.ts';
