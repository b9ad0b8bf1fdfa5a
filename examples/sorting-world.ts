/**
 * A task world of your own, and a co-evolution on it: genenv used as a library.
 *
 * The world: put a list of whole numbers in ascending order. Its spec (what the simulator writes, e.g. `n4 d2`) sets
 * two difficulty knobs, how many numbers there are (2–6) and how many digits each has (1–2); every task is verified
 * by sorting. `defineDomain` turns the definition into a domain: it parses the options, keeps the seeds and held-out
 * sets, and runs the variation loop. The run below co-evolves genenv's built-in agent and simulator on it for two
 * short epochs (about a minute on two cores) and prints where the run directory is and what the agent scored.
 *
 *   npx tsx sorting-world.ts [run directory]     (or compile it with tsc and run the .js with node)
 *
 * docs/library.md explains each part.
 */
import { pathToFileURL } from 'node:url';
import { defineDomain, deriveSeed, Random, runCoevolution, stableId, type TaskInstance, z } from 'genenv';

/** A spec: how many numbers to sort and how many digits each has. */
const SortSpecSchema = z.strictObject({
  count: z.number().int().min(2).max(6),
  digits: z.number().int().min(1).max(2),
});
type SortSpec = z.infer<typeof SortSpecSchema>;

/** What one task holds: the numbers as shown, and the answer. */
interface SortPayload {
  numbers: number[];
  sorted: number[];
}

/** Knob values a set of specs is drawn from, each uniformly. */
interface SpecRange {
  count: number[];
  digits: number[];
}

const EASY: SpecRange = { count: [2, 3], digits: [1] };
const HARD: SpecRange = { count: [4, 5, 6], digits: [2] };

const drawSpec = (range: SpecRange, random: Random): SortSpec => ({
  count: random.pick(range.count),
  digits: random.pick(range.digits),
});

/** The numbers of an answer ("3 5 9", "3, 5, 9" or "[3,5,9]"), or null when it has none. */
function numbersIn(text: string): number[] | null {
  const found = text.match(/\d+/g);
  return found ? found.map(Number) : null;
}

export const createSortingWorld = defineDomain({
  name: 'sorting',
  options: z.strictObject({
    seedTasks: z.number().int().min(1).max(1000).default(60),
    heldOutSize: z.number().int().min(1).max(500).default(40),
  }),
  world: ({ seedTasks, heldOutSize }) => ({
    version: '1',
    specSchema: SortSpecSchema,
    knobs: [
      { name: 'count', description: 'numbers to sort', values: [2, 3, 4, 5, 6] },
      { name: 'digits', description: 'digits per number', values: [1, 2] },
    ],
    specFromKnobs: (values) => {
      const parsed = SortSpecSchema.safeParse(values);
      return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: 'knob values out of range' };
    },
    knobValuesOf: (spec) => ({ ...spec }),
    formatSpec: (spec) => `n${spec.count} d${spec.digits}`,
    parseSpec: (text) => {
      const match = /^n(\d) d(\d)$/.exec(text.trim());
      const parsed = SortSpecSchema.safeParse(match ? { count: Number(match[1]), digits: Number(match[2]) } : null);
      return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: 'not "n<count> d<digits>"' };
    },
    family: (spec) => `digits-${spec.digits}`,
    features: (spec) => ({ count: spec.count, digits: spec.digits, difficulty: spec.count + 2 * spec.digits - 4 }),
    // One variation: fresh numbers from a stream of its own, so the same spec, seed and index give the same task.
    variation: (spec, seed, index) => {
      const random = new Random(deriveSeed(seed, 'sorting', stableId(spec), index));
      const low = spec.digits === 1 ? 0 : 10;
      const numbers = Array.from({ length: spec.count }, () => random.int(low, 10 ** spec.digits - 1));
      const instance: TaskInstance<SortPayload> = {
        id: `sort-${stableId({ spec, seed, index })}`,
        family: `digits-${spec.digits}`,
        features: { count: spec.count, digits: spec.digits, difficulty: spec.count + 2 * spec.digits - 4 },
        payload: { numbers, sorted: [...numbers].sort((a, b) => a - b) },
      };
      return { ok: true, instance };
    },
    seeds: () => {
      const random = new Random(7);
      return Array.from({ length: seedTasks }, (_, index) => {
        const spec = drawSpec(EASY, random);
        return { id: `sorting-seed-${index}`, family: `digits-${spec.digits}`, spec };
      });
    },
    // test-id from the seeds' range, test-hard from longer lists of larger numbers.
    heldOut: {
      seed: 11,
      version: `sorting-1-n${heldOutSize}`,
      size: heldOutSize,
      testId: EASY,
      testHard: HARD,
      drawSpec,
    },
    // The built-in model reads `text`; a chat model, `messages`. The reference answer is for training, never shown.
    render: (instance) => {
      const { numbers } = instance.payload;
      return {
        id: instance.id,
        family: instance.family,
        text: `sort ${numbers.join(' ')} =`,
        messages: [
          { role: 'user', content: `Sort in ascending order; reply with the numbers only: ${numbers.join(' ')}` },
        ],
        maxResponseTokens: 3 * numbers.length + 2,
        reference: { answer: instance.payload.sorted.join(' '), difficulty: instance.features.difficulty ?? 0 },
      };
    },
    score: (instance, completion) => {
      const given = numbersIn(completion.text);
      if (given === null) return { reward: 0, success: false, invalid: 'no numbers in the answer' };
      const success = given.join(' ') === instance.payload.sorted.join(' ');
      return { reward: success ? 1 : 0, success };
    },
  }),
});

/** A short run: the ladder preset's built-in agent and simulator, two small epochs on the sorting world. */
async function main(out: string): Promise<void> {
  const { runDirectory, summary } = await runCoevolution(
    {
      preset: 'ladder',
      seed: 1,
      domain: { name: 'sorting', options: { seedTasks: 40, heldOutSize: 8 } },
      epochs: 2,
      tasksPerEpoch: 4,
      heldOutLimit: 8,
      warmStartVariations: 4,
    },
    { out, domains: { sorting: createSortingWorld } },
  );
  const last = summary.epochs.at(-1);
  console.log(`run directory: ${runDirectory}`);
  console.log(`epochs: ${summary.completedEpochs}, held-out accuracy: ${JSON.stringify(last?.heldOutAccuracy)}`);
}

// Run as a program (not when a test imports the world).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(process.argv[2] ?? `runs/sorting-${Date.now()}`);
}
