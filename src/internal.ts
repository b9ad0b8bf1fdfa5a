/**
 * The one door to genenv's internals, for the lab's probes (lab/), which measure parts the public entry does not
 * show: a model's state and optimiser, the tokenizer, GRPO's advantages, the loop's evaluation and random streams.
 * Unstable: these names follow the code, they are not exported by the package (package.json `exports`), and anything
 * here may change with any commit. A user's program imports src/index.ts ('genenv'). The product below never imports
 * this file (test/architecture.test.ts).
 */

// The wiring behind the command lines.
export { exitStatusOf } from './composition/exit-status.ts';
export { integerFlag, listFlag } from './composition/flags.ts';
export { resolveRunConfig } from './composition/config-resolution.ts';
export { createTrainableAgent } from './composition/registry.ts';
export {
  type HeldOutCurve,
  heldOutCurve,
  type RolloutBudget,
  resolveBaselines,
  rolloutsToReach,
} from './composition/rollouts-to-reach.ts';

// The loop's parts.
export { agentDemonstrations } from './core/agent-demonstrations.ts';
export { warmStartAgent } from './core/agent-warm-start.ts';
export { evaluateHeldOut, heldOutOutcomes } from './core/evaluate.ts';
export { passesScreen } from './core/dynamic-sampling.ts';
export { RandomStreams } from './core/random-streams.ts';
export { nearestToAlpha, outcomeObservations } from './core/selector-source.ts';

// The selector's success predictor, to replay it on stored runs.
export {
  DEFAULT_SUCCESS_PREDICTOR,
  fitSuccessPredictor,
  predictSuccess,
  taskTypeKeys,
} from './curriculum/index.ts';

// Built-in worlds made directly (no registry lookup) and their knob grid.
export { knobCells } from './domains/knob-values.ts';
export { taskTypeCount } from './domains/clauses/index.ts';
export { createLadderWorld } from './domains/ladder/index.ts';
export { createToolWorld } from './domains/toolworld/index.ts';

// Policies and models, to measure them.
export { type AdvantageName, advantageEstimators, flattenGroups } from './algorithms/advantages.ts';
export type { Diagnostic, GroupOutcome, RolloutGroup } from './interfaces/index.ts';
export { gradientNorm } from './models/adam.ts';
export type { LanguageModel } from './models/language-model.ts';
export { Tokenizer } from './models/tokenizer.ts';
export { BuiltinAgent } from './policies/builtin/agent.ts';
export { loadModelState } from './policies/builtin/model-state.ts';
export { parseAgentOptions } from './policies/builtin/options.ts';
export { promptTokens } from './policies/builtin/prompt-text.ts';
export { SamplerPool } from './policies/builtin/sampler-pool.ts';
export { OraclePolicy } from './policies/oracle.ts';

// Statistics and tables for the lab's printouts.
export { confidenceInterval95, mean, median } from './util/statistics.ts';
export { textTable } from './util/text-table.ts';
export { timestampedRunFolder } from './util/timestamped-run-folder.ts';
export { StoredRunConfigSchema } from './interfaces/config.ts';
export { describeZodError } from './interfaces/zod-error.ts';
