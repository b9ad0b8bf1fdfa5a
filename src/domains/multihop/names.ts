/**
 * Invented names: words built from syllables (`Zelmak`, `Vourne`), so that no fact about them can be
 * recalled and every one must be searched. Within one world every name is used once, so two entities share
 * a word only when a distractor is made similar on purpose (`Mira Junior` beside `Mira`).
 */
import type { Random } from '../../util/random.ts';
import { KINDS, type Kind } from './catalogue.ts';

const ONSETS = ['b', 'd', 'f', 'g', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'z', 'br', 'dr', 'gr', 'kr', 'st'];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ou'];
const CODAS = ['', '', 'n', 'r', 'l', 's', 'm', 'x', 'k', 'nd', 'rk'];

/** Extra words that make a name similar to another (`Mira Junior`, `New Telmor`, `Zelmak Group`), by kind. */
export const SIMILAR_WORDS: Record<Kind, { words: readonly string[]; before: boolean }> = {
  person: { words: ['Junior', 'Senior', 'Younger', 'Elder'], before: false },
  city: { words: ['New', 'Port', 'Upper', 'Fort'], before: true },
  country: { words: ['North', 'South', 'East', 'West'], before: true },
  company: { words: ['Group', 'Works', 'Holdings', 'Labs'], before: false },
  band: { words: ['Collective', 'Trio', 'Ensemble', 'Society'], before: false },
  film: { words: ['Returns', 'Rising', 'Forever', 'Reborn'], before: false },
};

/** Fixed pools of invented one-word names a world draws from, one pool per kind. */
export type NamePools = Record<Kind, readonly string[]>;

/** Names per pool: a world takes 12 people, 6 cities, 3 countries, 3 companies, 2 bands and 2 films. */
export const POOL_SIZES: Record<Kind, number> = { person: 30, city: 24, country: 12, company: 12, band: 12, film: 12 };

/**
 * Invents the pools from `random`: capitalised words of two syllables, 4–7 letters, all distinct and none
 * in `reserved` (lower case). Every name is one word from a small fixed inventory, so a small model's
 * tokenizer gives it one token, which the model can copy from a search result into its next query by
 * finding it (copying a run of several tokens is much harder for it to learn); facts stay unknowable because
 * every world gives the names to other entities with other facts.
 */
export function inventNamePools(random: Random, reserved: ReadonlySet<string>): NamePools {
  const used = new Set<string>();
  const word = (): string => {
    for (;;) {
      let text = '';
      for (let index = 0; index < 2; index++) {
        text += random.pick(ONSETS) + random.pick(VOWELS);
        if (index === 1 || random.next() < 0.3) text += random.pick(CODAS);
      }
      if (text.length < 4 || text.length > 7 || used.has(text) || reserved.has(text)) continue;
      used.add(text);
      return text.charAt(0).toUpperCase() + text.slice(1);
    }
  };
  const pools = {} as Record<Kind, string[]>;
  for (const kind of KINDS) pools[kind] = Array.from({ length: POOL_SIZES[kind] }, word);
  return pools;
}

/** Draws a world's names from the pools without replacement, so that every name is used once in a world. */
export class NameMaker {
  private readonly left: Record<Kind, string[]>;

  constructor(
    private readonly random: Random,
    pools: NamePools,
  ) {
    this.left = {} as Record<Kind, string[]>;
    for (const kind of KINDS) this.left[kind] = [...pools[kind]];
  }

  /** A fresh name of an entity of `kind` (RangeError when its pool is used up). */
  name(kind: Kind): string {
    const words = this.left[kind];
    if (words.length === 0) throw new RangeError(`the ${kind} name pool is used up`);
    return words.splice(this.random.int(0, words.length - 1), 1)[0]!;
  }

  /** A name similar to `name`: the name with an extra word of its kind (`Mira Junior`, `New Telmor`). */
  similar(kind: Kind, name: string): string {
    const { words, before } = SIMILAR_WORDS[kind];
    const extra = this.random.pick(words);
    return before ? `${extra} ${name}` : `${name} ${extra}`;
  }
}
