/**
 * Invented names: words built from syllables (`Zelmark`, `Quorvane`), so that no fact about them can be
 * recalled and every one must be searched. Within one world every word is used once, so two entities share
 * a word only when a distractor is made similar on purpose (`Tobin Olvane` beside `Mira Olvane`).
 */
import type { Random } from '../../util/random.ts';
import type { Kind } from './catalogue.ts';

const ONSETS = ['b', 'd', 'f', 'g', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'z', 'br', 'dr', 'gr', 'kr', 'st'];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ou'];
const CODAS = ['', '', 'n', 'r', 'l', 's', 'm', 'x', 'k', 'nd', 'rk'];

/** Extra words that make a one-word name similar to another (`New Telmor`, `Zelmark Group`), by kind. */
export const SIMILAR_WORDS: Record<Exclude<Kind, 'person'>, { words: readonly string[]; before: boolean }> = {
  city: { words: ['New', 'Port', 'Upper', 'Fort'], before: true },
  country: { words: ['North', 'South', 'East', 'West'], before: true },
  company: { words: ['Group', 'Works', 'Holdings', 'Labs'], before: false },
  band: { words: ['Collective', 'Trio', 'Ensemble', 'Society'], before: false },
  film: { words: ['Returns', 'Rising', 'Forever', 'Reborn'], before: false },
};

/** Draws names whose words are all distinct (case-insensitively) within one maker. */
export class NameMaker {
  private readonly used = new Set<string>();

  /** `reserved`: lower-case words a name must not be (the words of documents and questions). */
  constructor(
    private readonly random: Random,
    private readonly reserved: ReadonlySet<string> = new Set(),
  ) {}

  /** A fresh capitalised word of `syllables` syllables (2–3), 4–10 letters, not used before. */
  word(syllables: number): string {
    for (;;) {
      let text = '';
      for (let index = 0; index < syllables; index++) {
        text += this.random.pick(ONSETS) + this.random.pick(VOWELS);
        if (index === syllables - 1 || this.random.next() < 0.3) text += this.random.pick(CODAS);
      }
      const key = text.toLowerCase();
      if (text.length < 4 || text.length > 10 || this.used.has(key) || this.reserved.has(key)) continue;
      this.used.add(key);
      return text.charAt(0).toUpperCase() + text.slice(1);
    }
  }

  /** A person's name: a fresh first name and a fresh family name, or `family` given (a similar-named person). */
  person(family?: string): string {
    return `${this.word(2)} ${family ?? this.word(this.random.pick([2, 2, 3]))}`;
  }

  /** A one-word name of a city, country, company, band or film. */
  single(): string {
    return this.word(this.random.pick([2, 2, 3]));
  }

  /** A name similar to `name`: a person with the same family name, or the name with an extra word. */
  similar(kind: Kind, name: string): string {
    if (kind === 'person') return this.person(name.split(' ').slice(1).join(' '));
    const { words, before } = SIMILAR_WORDS[kind];
    const extra = this.random.pick(words);
    return before ? `${extra} ${name}` : `${name} ${extra}`;
  }
}
