import { GenEnvError } from '../interfaces/index.ts';

/** The largest seed a run config takes. */
const MAX_SEED = 2 ** 31 - 1;
/** More runs per variant than a comparison would sensibly hold: a typo such as 1-100000 stops here. */
const MAX_SEEDS = 1000;

function seedValue(text: string, spec: string): number {
  if (!/^\d+$/.test(text) || Number(text) > MAX_SEED)
    throw new GenEnvError('usage', `--seeds ${spec}: "${text}" is not a seed (an integer from 0 to ${MAX_SEED})`);
  return Number(text);
}

/**
 * The seeds of `genenv compare --seeds`: a count `N` (seeds 1..N), a list `101,103,107`, a range `101-110`, or a
 * mix of lists and ranges (`101-105,110`). Seeds must be distinct; a bad spec is one usage line.
 */
export function parseSeedSpec(spec: string): number[] {
  const text = spec.trim();
  if (/^\d+$/.test(text)) {
    const count = Number(text);
    if (count < 1 || count > MAX_SEEDS)
      throw new GenEnvError('usage', `--seeds ${spec}: a count of seeds is from 1 to ${MAX_SEEDS}`);
    return Array.from({ length: count }, (_, index) => index + 1);
  }
  const seeds: number[] = [];
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item === '')
      throw new GenEnvError('usage', `--seeds ${spec}: an empty item (expected N, a list 1,2,3 or a range 1-5)`);
    const range = /^(\d+)\s*-\s*(\d+)$/.exec(item);
    if (range) {
      const [low, high] = [seedValue(range[1]!, spec), seedValue(range[2]!, spec)];
      if (high < low) throw new GenEnvError('usage', `--seeds ${spec}: the range ${item} runs backwards`);
      if (high - low + 1 + seeds.length > MAX_SEEDS)
        throw new GenEnvError('usage', `--seeds ${spec}: more than ${MAX_SEEDS} seeds`);
      for (let seed = low; seed <= high; seed++) seeds.push(seed);
    } else seeds.push(seedValue(item, spec));
  }
  const repeated = seeds.find((seed, index) => seeds.indexOf(seed) !== index);
  if (repeated !== undefined) throw new GenEnvError('usage', `--seeds ${spec}: seed ${repeated} is given twice`);
  if (seeds.length > MAX_SEEDS) throw new GenEnvError('usage', `--seeds ${spec}: more than ${MAX_SEEDS} seeds`);
  return seeds;
}

/** Commander parser of `--world-seed`: an integer from 0 to 2³¹−1. */
export function worldSeedFlag(value: string): number {
  if (!/^\s*\d+\s*$/.test(value) || Number(value) > MAX_SEED)
    throw new GenEnvError('usage', `--world-seed expects an integer from 0 to ${MAX_SEED}, got "${value}"`);
  return Number(value);
}
