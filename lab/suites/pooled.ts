/**
 * `pooled --runs W1=A,W2=B[,…]`: the claim pooled over worlds, from finished comparisons of the same variants on the
 * same run seeds, one per world seed (`label=dir` names a world; without a label, `w<worldSeed>` from the
 * comparison's comparison.json, else the directory as given). Runs are paired by world and seed, so the same seed on
 * two worlds is two pairs: per pair of variants (genenv first) the ratio of the means and the paired difference with
 * its 95% interval on each held-out set and on their mean, per world and pooled; per variant the held-out accuracy,
 * the share of task types in the band after the third epoch and the rollouts to reach the strongest baseline's final
 * test-hard (`--baselines`, default every variant but genenv), per world and pooled. The figures the notebook's
 * pooled rows were computed by hand from before (J10).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GenEnvError, z } from '../../src/index.ts';
import type { Estimate } from '../analyses/paired-claim.ts';
import { type PairFigure, pooledClaim, type World } from '../analyses/pooled-claim.ts';
import { comparisonFigures } from '../comparison-figures.ts';
import { type DiagnosticOptions, emit, fixed } from '../diagnostic-output.ts';
import { reachLines } from '../reach-lines.ts';

/** The world seed a comparison recorded (comparison.json `worldSeed`), if any. */
const RecordedWorldSchema = z.object({ worldSeed: z.number().int().optional() });

/** A world's name: its label, else `w<worldSeed>` where comparison.json records one, else the directory. */
function worldName(directory: string, label: string | undefined): string {
  if (label !== undefined) return label;
  const path = join(directory, 'comparison.json');
  if (!existsSync(path)) return directory;
  let recorded: z.infer<typeof RecordedWorldSchema> = {};
  try {
    recorded = RecordedWorldSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch (error) {
    throw new GenEnvError('store', `${path} is not a comparison (${(error as Error).message.split('\n')[0]})`, {
      cause: error,
    });
  }
  return recorded.worldSeed === undefined ? directory : `w${recorded.worldSeed}`;
}

const interval = (value: Estimate) => `${fixed(value.mean)} [${fixed(value.low)}, ${fixed(value.high)}]`;
const pairText = (figure: PairFigure) => `${fixed(figure.ratio, 2)}× (paired ${interval(figure.difference)})`;

export async function pooledSuite(options: DiagnosticOptions): Promise<string> {
  if (!options.runs?.length)
    throw new GenEnvError('usage', 'pooled needs --runs W1=A,W2=B (one comparison directory per world)');
  const worlds: World[] = options.runs.map((entry) => {
    const labelled = /^([A-Za-z0-9_-]+)=(.+)$/.exec(entry);
    const directory = labelled ? labelled[2]! : entry;
    return { name: worldName(directory, labelled?.[1]), variants: comparisonFigures(directory) };
  });
  const result = pooledClaim(worlds, options.baselines);
  const reachOf = new Map(result.rolloutsToReach.map(({ scope, figure }) => [scope, figure]));
  const reachCell = (scope: string, variant: string) => {
    const figure = reachOf.get(scope)?.variants.find((entry) => entry.variant === variant);
    if (figure === undefined) return '–';
    if (figure.rollouts === null) return 'not reached';
    return `${Math.round(figure.rollouts)} (${fixed(figure.share, 2)}×)`;
  };
  return emit('pooled', result, options, () => ({
    title:
      `The claim pooled over ${result.worlds.join(', ')} (runs paired by world and seed): held-out accuracy per ` +
      'variant, mean [95% interval] over runs',
    columns: ['variant', 'world', 'runs', ...result.sets, 'in band after epoch 3', 'rollouts to reach (share)'],
    rows: result.variants.flatMap(({ variant, scopes }) =>
      scopes.map((scope) => [
        variant,
        scope.scope,
        String(scope.runs),
        ...result.sets.map((set) => interval(scope.scores[set]!)),
        interval(scope.inBand),
        reachCell(scope.scope, variant),
      ]),
    ),
    notes: [
      ...result.pairs.flatMap(({ variant, against, scopes }) =>
        scopes.map(
          ({ scope, bySet }) =>
            `${variant} / ${against}, ${scope} (${bySet[result.sets[0]!]!.pairs} pairs): ` +
            result.sets.map((set) => `${set} ${pairText(bySet[set]!)}`).join('; '),
        ),
      ),
      ...result.rolloutsToReach.flatMap(({ scope, figure }) => reachLines(figure, `${scope}: `)),
    ],
  }));
}
