import { z } from 'zod';

/** Serialized tokenizer: byte-level with ordered BPE merges (pair of ids → next id). */
export const TokenizerStateSchema = z.object({
  kind: z.literal('byte-bpe'),
  merges: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])),
});
export type TokenizerState = z.infer<typeof TokenizerStateSchema>;

/**
 * Byte-level tokenizer: ids 0–255 are bytes, then three specials (begin, separator between prompt and
 * response, end), then one id per learned merge. Any text round-trips through encode/decode.
 */
export class Tokenizer {
  static readonly begin = 256;
  static readonly separator = 257;
  static readonly end = 258;
  static readonly firstMerge = 259;
  /** expansion[id] = the bytes an id stands for (empty for specials). */
  private readonly expansion: Uint8Array[];

  constructor(readonly merges: readonly (readonly [number, number])[]) {
    this.expansion = [];
    for (let byte = 0; byte < 256; byte++) this.expansion.push(Uint8Array.of(byte));
    for (let special = 0; special < 3; special++) this.expansion.push(new Uint8Array(0));
    for (const [left, right] of merges) {
      if (left >= this.expansion.length || right >= this.expansion.length) throw new RangeError('merge refers to a later id');
      const joined = new Uint8Array(this.expansion[left]!.length + this.expansion[right]!.length);
      joined.set(this.expansion[left]!);
      joined.set(this.expansion[right]!, this.expansion[left]!.length);
      this.expansion.push(joined);
    }
  }

  get vocabSize(): number {
    return Tokenizer.firstMerge + this.merges.length;
  }

  /** Token ids of a text (no specials added). */
  encode(text: string): number[] {
    let ids = Array.from(Buffer.from(text, 'utf8'));
    this.merges.forEach(([left, right], rank) => {
      if (ids.length < 2) return;
      const merged: number[] = [];
      for (let index = 0; index < ids.length; index++) {
        if (index + 1 < ids.length && ids[index] === left && ids[index + 1] === right) {
          merged.push(Tokenizer.firstMerge + rank);
          index++;
        } else merged.push(ids[index]!);
      }
      ids = merged;
    });
    return ids;
  }

  /** Text of token ids; specials are dropped, invalid UTF-8 becomes U+FFFD. */
  decode(ids: readonly number[]): string {
    const parts: Uint8Array[] = [];
    for (const id of ids) if (id >= 0 && id < this.expansion.length) parts.push(this.expansion[id]!);
    return Buffer.concat(parts).toString('utf8');
  }

  toState(): TokenizerState {
    return { kind: 'byte-bpe', merges: this.merges.map(([left, right]) => [left, right] as [number, number]) };
  }

  static fromState(state: TokenizerState): Tokenizer {
    return new Tokenizer(state.merges);
  }

  /**
   * Learns up to `mergeCount` merges on a corpus: repeatedly joins the most frequent adjacent pair
   * (ties broken by the smaller pair, so the result is deterministic). Stops early when no pair occurs twice.
   */
  static learn(corpus: readonly string[], mergeCount: number): Tokenizer {
    let sequences = corpus.map((text) => Array.from(Buffer.from(text, 'utf8')));
    const merges: [number, number][] = [];
    for (let rank = 0; rank < mergeCount; rank++) {
      const counts = new Map<number, number>();
      for (const sequence of sequences) {
        for (let index = 0; index + 1 < sequence.length; index++) {
          const key = sequence[index]! * 65536 + sequence[index + 1]!;
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
      }
      let bestKey = -1;
      let bestCount = 1;
      for (const [key, count] of counts) {
        if (count > bestCount || (count === bestCount && bestKey >= 0 && key < bestKey)) {
          bestKey = key;
          bestCount = count;
        }
      }
      if (bestKey < 0) break;
      const left = Math.floor(bestKey / 65536);
      const right = bestKey % 65536;
      const id = Tokenizer.firstMerge + merges.length;
      merges.push([left, right]);
      sequences = sequences.map((sequence) => {
        const merged: number[] = [];
        for (let index = 0; index < sequence.length; index++) {
          if (index + 1 < sequence.length && sequence[index] === left && sequence[index + 1] === right) {
            merged.push(id);
            index++;
          } else merged.push(sequence[index]!);
        }
        return merged;
      });
    }
    return new Tokenizer(merges);
  }
}
