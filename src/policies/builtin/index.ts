import type { Domain } from '../../interfaces/domain.ts';
import type { AgentPolicy, TrainableAgent, TrainableSimulator } from '../../interfaces/policy.ts';
import { deriveSeed } from '../../util/random.ts';
import { BuiltinAgent, frozenAgent } from './agent.ts';
import { applyBackendOption } from './backend-option.ts';
import { agentCorpus, simulatorCorpus } from './corpus.ts';
import { createModelState, loadModelState } from './model-state.ts';
import { parseAgentOptions, parseSimulatorOptions } from './options.ts';
import { SamplerPool } from './sampler-pool.ts';
import { BuiltinSimulator } from './simulator.ts';

export {
  AgentOptionsSchema,
  SimulatorOptionsSchema,
  modelSizes,
  type AgentOptions,
  type SimulatorOptions,
} from './options.ts';
export { BuiltinAgent } from './agent.ts';
export { BuiltinSimulator } from './simulator.ts';

export interface BuiltinPolicyInput {
  domain: Domain;
  /** `agent.options` / `simulator.options` of the run config (validated here). */
  options: Record<string, unknown>;
  seed: number;
}

/** The built-in agent: tokenizer learned on the domain's rendered seed prompts, weights from `seed`. */
export async function createBuiltinAgent(input: BuiltinPolicyInput): Promise<TrainableAgent> {
  const options = parseAgentOptions(input.options);
  applyBackendOption('agent', options.backend);
  const state = createModelState(
    'agent',
    options,
    agentCorpus(input.domain, input.seed),
    deriveSeed(input.seed, 'builtin-agent', 'init'),
  );
  return new BuiltinAgent(state, options.workers > 0 ? new SamplerPool(options.workers) : null);
}

/** The built-in simulator: tokenizer learned on the seeds' compact specs, weights from `seed`. */
export async function createBuiltinSimulator(input: BuiltinPolicyInput): Promise<TrainableSimulator> {
  const options = parseSimulatorOptions(input.options);
  applyBackendOption('simulator', options.backend);
  const state = createModelState(
    'simulator',
    options,
    simulatorCorpus(input.domain),
    deriveSeed(input.seed, 'builtin-simulator', 'init'),
  );
  const constrained = options.grammar === 'constrained';
  // Sampling under the domain's grammar stays in this thread, so a pool would only sit idle.
  const pooled = options.workers > 0 && !(constrained && input.domain.specGrammar);
  return new BuiltinSimulator(input.domain, state, pooled ? new SamplerPool(options.workers) : null, constrained);
}

/**
 * A trained built-in agent from a checkpoint directory (GenEnvError 'policy' when it is not one). Weights
 * load on whichever backend this process runs (a `backend` option saved with them is not re-applied).
 */
export async function loadBuiltinAgent(checkpointDirectory: string): Promise<AgentPolicy> {
  const state = loadModelState(checkpointDirectory, 'agent');
  return frozenAgent(
    new BuiltinAgent(state, state.options.workers > 0 ? new SamplerPool(state.options.workers) : null),
  );
}
