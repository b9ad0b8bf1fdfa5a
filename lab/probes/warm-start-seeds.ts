/**
 * The agent's warm start of `genenv run` alone, seed by seed: the same split, SFT and validation checks as the run
 * (warmStartAgent), without the simulator or any epoch, so that many seeds fit on two cores. Held-out accuracy is
 * that of the run's epoch 0 and is measured only when asked (it must not steer a setting chosen on these seeds).
 */
import { createBuiltinAgent, createDomain } from '../../src/index.ts';
import { evaluateHeldOut, RandomStreams, resolveRunConfig, warmStartAgent } from '../../src/internal.ts';

export interface WarmStartSeedsOptions {
  preset: string;
  seeds: number[];
  worldSeed?: number;
  /** Also measure held-out accuracy after the warm start (epoch 0's figures). */
  heldOut: boolean;
  /** A config file over the preset, as `genenv run --config` reads it (e.g. other warm-start settings to compare). */
  configFile?: string;
}

export interface WarmStartSeedRow {
  seed: number;
  /** Steps of the kept weights, and steps taken before the warm start stopped. */
  steps: number;
  stepsTaken: number;
  lastLoss: number;
  validationAccuracy: number | null;
  validationInstances: number;
  seconds: number;
  heldOut: Record<string, number> | null;
}

export async function runWarmStartSeeds(options: WarmStartSeedsOptions): Promise<WarmStartSeedRow[]> {
  const rows: WarmStartSeedRow[] = [];
  for (const seed of options.seeds) {
    const config = resolveRunConfig({
      preset: options.preset,
      overrides: { seed },
      ...(options.configFile === undefined ? {} : { configFile: options.configFile }),
      ...(options.worldSeed === undefined ? {} : { worldSeed: options.worldSeed }),
    });
    const domain = await createDomain(config.domain.name, config.domain.options);
    // Sampling and training in this thread: the same bits as the run's threads (docs/design.md §8), one core each.
    const agent = await createBuiltinAgent({
      domain,
      options: { ...config.agent.options, workers: 0, trainThreads: 1 },
      seed,
    });
    try {
      const streams = new RandomStreams(seed);
      const started = performance.now();
      const result = await warmStartAgent({ agent, domain, seeds: domain.seeds(), config, streams, measurable: true });
      const seconds = (performance.now() - started) / 1000;
      const steps = Number(result.stats.sftSteps ?? 0);
      rows.push({
        seed,
        steps,
        stepsTaken: Number(result.stats.sftStepsTaken ?? steps),
        lastLoss: Number(result.stats.sftLastLoss ?? Number.NaN),
        validationAccuracy: result.validation?.accuracy ?? null,
        validationInstances: result.validation?.instances ?? 0,
        seconds,
        heldOut: options.heldOut
          ? await evaluateHeldOut(agent, domain, domain.heldOutSets(), streams.heldOut(0), config.heldOutLimit)
          : null,
      });
    } finally {
      await agent.close?.();
    }
  }
  return rows;
}
