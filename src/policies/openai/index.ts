/** OpenAI-compatible policies (vLLM, SGLang, llama.cpp server, Ollama, hosted APIs). */
import type { Domain } from '../../interfaces/domain.ts';
import type { AgentPolicy, TrainableSimulator } from '../../interfaces/policy.ts';
import { OpenAIAgent } from './agent.ts';
import { EndpointPool } from './endpoint-pool.ts';
import { parseOptions } from '../options.ts';
import { AgentOptionsSchema, SimulatorOptionsSchema, type AgentOptions, type SimulatorOptions } from './options.ts';
import { parseOpenAIPolicySpec } from './policy-spec.ts';
import { OpenAISimulator } from './simulator.ts';

export { parseOpenAIPolicySpec, type OpenAIPolicySpec } from './policy-spec.ts';
export { AgentOptionsSchema, SimulatorOptionsSchema, type AgentOptions, type SimulatorOptions } from './options.ts';
export { OpenAIAgent } from './agent.ts';
export { OpenAISimulator, specJsonSchema } from './simulator.ts';
export { EndpointPool, type PoolCounters } from './endpoint-pool.ts';
export { simulatorMessages, type SimulatorOutputMode } from './simulator-prompt.ts';
export { ExemplarPool, type Exemplar } from './exemplar-pool.ts';

function poolFor(baseUrls: string[], options: AgentOptions | SimulatorOptions): EndpointPool {
  return new EndpointPool({
    baseUrls,
    apiKeyEnv: options.apiKeyEnv,
    concurrency: options.concurrency,
    timeoutSeconds: options.timeoutSeconds,
    retry: {
      maxRetries: options.maxRetries,
      baseSeconds: options.retryBaseSeconds,
      maxSeconds: options.retryMaxSeconds,
    },
  });
}

/**
 * π_agent for `openai:<base URL>[,<base URL>...]#<model>`. Options: see AgentOptionsSchema (bad ones →
 * GenEnvError('config')). Nothing is contacted until the first `act`. `seed` is unused: every call gets
 * its own seed through SampleOptions.
 */
export async function createOpenAIAgent(input: {
  spec: string;
  domain?: Domain;
  options: Record<string, unknown>;
  seed: number;
}): Promise<OpenAIAgent & AgentPolicy> {
  const spec = parseOpenAIPolicySpec(input.spec);
  const options = parseOptions(AgentOptionsSchema, input.options, 'agent.options');
  return new OpenAIAgent(spec, options, poolFor(spec.baseUrls, options));
}

/**
 * π_env for `openai:…#<model>` on `domain`, trainable in context (exemplar pool). Options:
 * SimulatorOptionsSchema.
 */
export async function createOpenAISimulator(input: {
  spec: string;
  domain: Domain;
  options: Record<string, unknown>;
  seed: number;
}): Promise<OpenAISimulator & TrainableSimulator> {
  const spec = parseOpenAIPolicySpec(input.spec);
  const options = parseOptions(SimulatorOptionsSchema, input.options, 'simulator.options');
  return new OpenAISimulator(spec, input.domain, options, poolFor(spec.baseUrls, options));
}
