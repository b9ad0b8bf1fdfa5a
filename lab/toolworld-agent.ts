import { resolveConfig } from '../src/index.ts';
import { agentDemonstrations, createToolWorld, parseAgentOptions } from '../src/internal.ts';

/** The agent the probes start from: the toolworld preset's (the ladder preset uses the same one). */
export interface ToolworldAgent {
  /** The preset's `agent.options`. */
  base: Record<string, unknown>;
  /** Fresh instances of every seed task in its warm start. */
  warmStartVariations: number;
}

/**
 * The toolworld preset's agent options and warm-start variations, as `genenv run` resolves them. `inProcess`
 * samples without worker threads: a probe that measures updates on the same cores gains nothing from them.
 */
export function toolworldAgent(options: { inProcess?: boolean } = {}): ToolworldAgent {
  const config = resolveConfig({ preset: 'toolworld' });
  return {
    base: { ...config.agent.options, ...(options.inProcess ? { workers: 0 } : {}) },
    warmStartVariations: config.warmStartVariations,
  };
}

/** Optimiser steps of the preset's warm start (seed 1): its passes over its demonstrations in batches. */
export function presetWarmStartSteps(): number {
  const { base, warmStartVariations } = toolworldAgent();
  const options = parseAgentOptions(base);
  const domain = createToolWorld({});
  const demonstrations = agentDemonstrations(domain, domain.seeds(), warmStartVariations, 1).length;
  return options.warmStartEpochs * Math.ceil(demonstrations / options.batchSize);
}
