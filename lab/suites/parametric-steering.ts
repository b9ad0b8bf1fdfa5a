/** `parametric-steering`: genenv against random on toolworld with the neural agent and the parametric simulator. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runComparison } from '../../src/index.ts';
import { type DiagnosticOptions, emit, fixed } from '../diagnostic-output.ts';

/** The parametric simulator's options for toolworld (the student preset's steering settings). */
export const PARAMETRIC_STEERING_SIMULATOR = {
  policy: 'parametric',
  options: { klCoefficient: 0.003, entropyBonus: 0.1 },
};

export async function parametricSteeringSuite(options: DiagnosticOptions): Promise<string> {
  const out = options.out ?? join('runs', `parametric-steering-${Date.now()}`);
  mkdirSync(out, { recursive: true });
  const configFile = join(out, 'parametric-config.json');
  writeFileSync(configFile, `${JSON.stringify({ simulator: PARAMETRIC_STEERING_SIMULATOR }, null, 1)}\n`);
  const result = await runComparison({
    preset: 'toolworld',
    configFile,
    variants: ['genenv', 'random'],
    seeds: Array.from({ length: options.seeds ?? 3 }, (_, index) => index + 1),
    out: join(out, 'comparison'),
    quiet: true,
    config: options.quick ? { epochs: 6 } : {},
  });
  return emit('parametric-steering', { comparison: result.comparison }, options, () => ({
    title: `Neural agent, parametric simulator on toolworld: final held-out accuracy (${result.directory})`,
    columns: ['variant', 'seeds', ...Object.keys(result.comparison.variants[0]?.mean ?? {}).sort()],
    rows: result.comparison.variants.map((variant) => [
      variant.variant,
      String(variant.seeds.length),
      ...Object.keys(variant.mean)
        .sort()
        .map((set) => {
          const [low, high] = variant.interval[set] ?? [Number.NaN, Number.NaN];
          return `${fixed(variant.mean[set], 3)} ± ${fixed((high - low) / 2, 3)}`;
        }),
    ]),
    notes: [],
  }));
}
