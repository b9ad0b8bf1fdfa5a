/**
 * The clauses world measured from one warm start, before any comparison: the agent warm-started as `genenv run` does
 * it (the preset's split, SFT and checks), then, at the run's n·G attempts and rollout temperature, where uniform draws
 * from the grammar fall at each width, how much of p̂ the composition decides and how much its part counts do,
 * success by length (the competence edge) beside test-hard's lengths, and whether GRPO on the frontier's task types
 * lifts harder ones (stepping stones), beside the same GRPO on the other uniform draws.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBuiltinAgent, createDomain, deriveSeed, type Domain, Random } from '../../src/index.ts';
import { evaluateHeldOut, RandomStreams, resolveRunConfig, warmStartAgent } from '../../src/internal.ts';
import { explainedShare } from '../analyses/difficulty-sources.ts';
import { compositionSuccess } from './composition-success.ts';
import { trainOnCompositions } from './frontier-training.ts';
import {
  type BandShares,
  bandShares,
  competenceEdge,
  correlation,
  meanOf,
  successByLength,
} from './world-properties.ts';

export interface WorldProbeOptions {
  preset: string;
  /** The run seed of the warm start (and of every draw here). */
  seed: number;
  worldSeed?: number;
  /** Widths whose grammar draws are measured. */
  widths: readonly number[];
  /** Uniform grammar draws measured per width. */
  draws: number;
  /** Grammar draws (width 1) measured twice and reordered, for what decides p̂. */
  compositions: number;
  /** Grammar draws (width 1) the frontier and the harder task types are picked from. */
  pool: number;
  /** GRPO updates of each stepping-stone arm (32 prompts × G rollouts each). */
  updates: number;
}

/** What the probe reads of a composition. */
interface SpecLike {
  clauses: readonly unknown[];
}

export interface WorldProbe {
  seed: number;
  worldSeed: number;
  attempts: { variations: number; samples: number; temperature: number; alpha: number; kMin: number };
  warmStart: { validationAccuracy: number | null; heldOut: Record<string, number> };
  widths: ({ width: number; draws: number } & BandShares)[];
  byLength: { length: number; successRate: number; taskTypes: number }[];
  edge: number;
  /** The shortest and longest composition of test-hard. */
  hardClauses: readonly [number, number];
  composition: {
    taskTypes: number;
    /** Variance of one measurement's p̂ across task types. */
    variance: number;
    /** Correlation of two independent measurements of the same task types: the share the composition fixes. */
    repeatability: number | null;
    /** Adjusted η² of p̂ by the part counts together, and by the length alone. */
    countsShare: number | null;
    lengthShare: number | null;
    /** Correlation of p̂ with that of the same clauses in another order. */
    reorderCorrelation: number | null;
  };
  steppingStones: {
    frontier: number;
    harder: number;
    /**
     * Mean p̂ of the frontier and the harder task types (fresh variations): at the warm start, after GRPO on the
     * frontier, and after the same GRPO on the uniform draws other than the harder ones.
     */
    before: [number, number];
    afterFrontier: [number, number];
    afterUniform: [number, number];
  };
}

/** The whole probe for one warm start. */
export async function probeClausesWorld(options: WorldProbeOptions): Promise<WorldProbe> {
  const config = resolveRunConfig({
    preset: options.preset,
    overrides: { seed: options.seed },
    ...(options.worldSeed === undefined ? {} : { worldSeed: options.worldSeed }),
  });
  const worldOptions = config.domain.options;
  const domainOf = (width: number) => createDomain(config.domain.name, { ...worldOptions, width });
  const domain = await domainOf(1);
  const { variations, samples, temperature, alpha, kMin } = config;
  const measure = (world: Domain, specs: readonly unknown[], label: string) =>
    compositionSuccess(agent, world, specs, {
      variations,
      samples,
      temperature,
      seed: deriveSeed(options.seed, label),
    });
  const rates = async (world: Domain, specs: readonly unknown[], label: string) =>
    (await measure(world, specs, label)).map((rate) => rate ?? 0);
  const draws = (world: Domain, count: number, label: string) =>
    Array.from({ length: count }, (_, index) => world.drawSpec!(deriveSeed(options.seed, label, index)));

  const agent = await createBuiltinAgent({ domain, options: config.agent.options, seed: options.seed });
  const saved = mkdtempSync(join(tmpdir(), 'genenv-clauses-world-'));
  try {
    const streams = new RandomStreams(options.seed);
    const started = await warmStartAgent({ agent, domain, seeds: domain.seeds(), config, streams, measurable: true });
    const heldOut = await evaluateHeldOut(agent, domain, domain.heldOutSets(), streams.heldOut(0), config.heldOutLimit);
    await agent.save(saved);

    const widths: WorldProbe['widths'] = [];
    let widthOne: { specs: SpecLike[]; rates: number[] } | null = null;
    for (const width of options.widths) {
      const world = await domainOf(width);
      const specs = draws(world, options.draws, `grammar-width-${width}`) as SpecLike[];
      const measured = await rates(world, specs, `grammar-width-${width}-rollouts`);
      if (width === 1) widthOne = { specs, rates: measured };
      widths.push({ width, draws: specs.length, ...bandShares(measured, alpha, kMin) });
    }

    const compositions = draws(domain, options.compositions, 'composition') as SpecLike[];
    const shuffle = new Random(deriveSeed(options.seed, 'reorder'));
    const reordered = compositions.map((spec) => ({ clauses: shuffle.shuffle(spec.clauses) }));
    const first = await rates(domain, compositions, 'composition-first');
    const second = await rates(domain, compositions, 'composition-second');
    const other = await rates(domain, reordered, 'composition-reordered');
    const counts = compositions.map((spec) => JSON.stringify(domain.features(spec)));
    const mean = meanOf(first);

    const lengths = [...(widthOne?.specs ?? []), ...compositions];
    const byLength = successByLength(
      [...(widthOne?.rates ?? []), ...first].map((successRate, index) => ({
        length: lengths[index]!.clauses.length,
        successRate,
      })),
    );

    const pool = draws(domain, options.pool, 'stepping-pool');
    const poolRates = await rates(domain, pool, 'stepping-pool-rollouts');
    const frontier = pool.filter((_, index) => Math.abs(poolRates[index]! - alpha) <= 0.25);
    const harder = pool.filter((_, index) => poolRates[index]! <= 0.125);
    const arm = async (trained: readonly unknown[], updates: number) => {
      const { after } = await trainOnCompositions(saved, domain, trained, [frontier, harder], {
        updates,
        prompts: 32,
        samples,
        temperature,
        measureVariations: variations,
        seed: deriveSeed(options.seed, 'stepping'),
      });
      return [after[0]!, after[1]!] as [number, number];
    };
    return {
      seed: options.seed,
      worldSeed: Number(worldOptions.worldSeed ?? 1),
      attempts: { variations, samples, temperature, alpha, kMin },
      warmStart: { validationAccuracy: started.validation?.accuracy ?? null, heldOut },
      widths,
      byLength,
      edge: competenceEdge(byLength),
      hardClauses: hardLengths(domain),
      composition: {
        taskTypes: compositions.length,
        variance: meanOf(first.map((rate) => (rate - mean) ** 2)),
        repeatability: correlation(first, second),
        countsShare: explainedShare(first, counts),
        lengthShare: explainedShare(
          first,
          compositions.map((spec) => String(spec.clauses.length)),
        ),
        reorderCorrelation: correlation(first, other),
      },
      steppingStones: {
        frontier: frontier.length,
        harder: harder.length,
        before: await arm(frontier, 0),
        afterFrontier: await arm(frontier, options.updates),
        // The uniform arm trains on every draw but the harder ones, so that neither arm trains on what it is judged by.
        afterUniform: await arm(
          pool.filter((_, index) => poolRates[index]! > 0.125),
          options.updates,
        ),
      },
    };
  } finally {
    await agent.close?.();
    rmSync(saved, { recursive: true, force: true });
  }
}

/** The shortest and longest composition of the domain's test-hard set. */
function hardLengths(domain: Domain): [number, number] {
  const lengths = domain
    .heldOutSets()
    .find((set) => set.name === 'test-hard')!
    .instances.map((instance) => instance.features.clauses ?? 0);
  return [Math.min(...lengths), Math.max(...lengths)];
}
