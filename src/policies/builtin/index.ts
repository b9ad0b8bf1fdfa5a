import type { Domain } from '../../interfaces/domain.ts';
import type { AgentPolicy, TrainableAgent, TrainableSimulator } from '../../interfaces/policy.ts';
import { deriveSeed } from '../../util/random.ts';
import { BuiltinAgent, frozenAgent } from './agent.ts';
import { agentCorpus, simulatorCorpus } from './corpus.ts';
import { createModelState, loadModelState } from './model-state.ts';
import { parseBuiltinOptions } from './options.ts';
import { SamplerPool } from './sampler-pool.ts';
import { BuiltinSimulator } from './simulator.ts';

export { BuiltinOptionsSchema, modelSizes, type BuiltinOptions } from './options.ts';
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
  const options = parseBuiltinOptions(input.options, 'agent');
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
  const options = parseBuiltinOptions(input.options, 'simulator');
  const state = createModelState(
    'simulator',
    options,
    simulatorCorpus(input.domain),
    deriveSeed(input.seed, 'builtin-simulator', 'init'),
  );
  const pool = options.workers > 0 ? new SamplerPool(options.workers) : null;
  return new BuiltinSimulator(input.domain, state, pool, options.grammar === 'constrained');
}

/** A trained built-in agent from a checkpoint directory (GenEnvError 'policy' when it is not one). */
export async function loadBuiltinAgent(checkpointDirectory: string): Promise<AgentPolicy> {
  const state = loadModelState(checkpointDirectory, 'agent');
  return frozenAgent(
    new BuiltinAgent(state, state.options.workers > 0 ? new SamplerPool(state.options.workers) : null),
  );
}
