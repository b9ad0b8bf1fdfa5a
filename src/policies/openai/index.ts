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

function poolFor(baseUrls: string[], options: AgentOptions | SimulatorOptions, apiKey?: string): EndpointPool {
  return new EndpointPool({
    baseUrls,
    apiKeyEnv: options.apiKeyEnv,
    ...(apiKey === undefined ? {} : { apiKey }),
    concurrency: options.concurrency,
    timeoutSeconds: options.timeoutSeconds,
    retry: {
      maxRetries: options.maxRetries,
      baseSeconds: options.retryBaseSeconds,
      maxSeconds: options.retryMaxSeconds,
    },
  });
}

/** What makes an OpenAI-compatible policy: its spec, its options, and (in code) its API key. */
export interface OpenAIPolicyInput {
  /** `openai:<base URL>[,<base URL>...]#<model>`. */
  spec: string;
  /** Backend options (AgentOptionsSchema, SimulatorOptionsSchema); a bad one throws a ConfigError. */
  options?: Record<string, unknown>;
  seed: number;
  /**
   * The API key as a value, over `options.apiKeyEnv` (the name of an environment variable holding it). Kept inside
   * the client only: never written to a config or a log.
   */
  apiKey?: string;
}

/**
 * π_agent for `openai:<base URL>[,<base URL>...]#<model>`. Options: see AgentOptionsSchema (bad ones →
 * GenEnvError('config')). Nothing is contacted until the first `act` (or `ready`). `seed` is unused: every call
 * gets its own seed through SampleOptions.
 */
export async function createOpenAIAgent(
  input: OpenAIPolicyInput & { domain?: Domain },
): Promise<OpenAIAgent & AgentPolicy> {
  const spec = parseOpenAIPolicySpec(input.spec);
  const options = parseOptions(AgentOptionsSchema, input.options ?? {}, 'agent.options');
  return new OpenAIAgent(spec, options, poolFor(spec.baseUrls, options, input.apiKey));
}

/**
 * π_env for `openai:…#<model>` on `domain`, trainable in context (exemplar pool). Options:
 * SimulatorOptionsSchema.
 */
export async function createOpenAISimulator(
  input: OpenAIPolicyInput & { domain: Domain },
): Promise<OpenAISimulator & TrainableSimulator> {
  const spec = parseOpenAIPolicySpec(input.spec);
  const options = parseOptions(SimulatorOptionsSchema, input.options ?? {}, 'simulator.options');
  return new OpenAISimulator(spec, input.domain, options, poolFor(spec.baseUrls, options, input.apiKey));
}
