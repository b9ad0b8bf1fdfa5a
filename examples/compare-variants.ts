/**
 * A comparison of variants with its report: genenv against a frozen simulator (random) and uniform sampling of the
 * task knobs, on the same seeds and budget, as `genenv compare` runs it.
 *
 * The `student` preset keeps it to seconds: a simulated student and a parametric simulator on arithmetic, three run
 * seeds per variant, each run in a child process. The comparison folder holds one run folder per variant and seed,
 * `comparison.json` (per variant the final held-out accuracy of every seed, its mean and 95% interval) and
 * `report.html`, which opens offline. Running it again with the same folder continues an interrupted comparison.
 *
 *   npx tsx compare-variants.ts [comparison folder]     (or compile it with tsc and run the .js with node)
 *
 * docs/library.md explains each part.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runComparison } from 'genenv';

async function main(out: string): Promise<void> {
  const { comparison, table, directory } = await runComparison({
    preset: 'student',
    variants: ['genenv', 'random', 'uniform'],
    seeds: [1, 2, 3],
    out,
  });
  console.log(table);
  for (const variant of comparison.variants) {
    const [low, high] = variant.interval['test-hard'] ?? [Number.NaN, Number.NaN];
    console.log(
      `${variant.variant}: test-hard ${variant.mean['test-hard']?.toFixed(3)} [${low.toFixed(3)}, ${high.toFixed(3)}]`,
    );
  }
  console.log(`report: ${join(directory, 'report.html')}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  await main(process.argv[2] ?? `runs/compare-variants-${Date.now()}`);
