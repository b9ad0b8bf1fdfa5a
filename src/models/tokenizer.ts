import { z } from 'zod';

/**
 * How text is cut into pieces before merges apply:
 * - `none`: the whole text is one piece, so merges may cross words ("n P" + "aris").
 * - `words`: runs of letters and underscores, single digits, single other characters. A word then
 *   has the same token ids wherever it stands ("in Paris" and "city=Paris"), which is what lets a small
 *   model learn to copy slot values from the prompt into a call.
 * - `numbers`: as `words`, but digits go in runs of up to two ("144" → "14", "4"), and every two-digit
 *   run is one token (100 merges placed before the learned ones). A number below 100 is then one token
 *   that a small model can copy by content, as it copies a name, instead of digit by digit.
 */
export const PieceSplitSchema = z.enum(['none', 'words', 'numbers']);
export type PieceSplit = z.infer<typeof PieceSplitSchema>;

/** Serialized tokenizer: byte-level with ordered BPE merges (pair of ids → next id). */
export const TokenizerStateSchema = z.object({
  kind: z.literal('byte-bpe'),
  /** Absent in checkpoints written before pieces existed: `none`. */
  split: PieceSplitSchema.optional(),
  merges: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])),
});

export type TokenizerState = z.infer<typeof TokenizerStateSchema>;

const wordPieces = /[A-Za-z_]+|[0-9]|[\s\S]/gu;
const numberPieces = /[A-Za-z_]+|[0-9]{1,2}|[\s\S]/gu;

/** The pieces of a text under a split rule (their concatenation is the text). */
export function splitPieces(text: string, split: PieceSplit): string[] {
  if (split === 'none' || text.length === 0) return text.length ? [text] : [];
  return text.match(split === 'numbers' ? numberPieces : wordPieces) ?? [];
}

/** The merges that make every two-digit string one token (the bytes of '0'–'9' are 48–57). */
function digitPairMerges(): [number, number][] {
  const digits = Array.from({ length: 10 }, (_, digit) => 48 + digit);
  return digits.flatMap((left) => digits.map((right) => [left, right] as [number, number]));
}

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
  /** Piece text → ids; pieces repeat a lot (words, digits), and merging is the slow part of encode. */
  private readonly pieceCache = new Map<string, number[]>();

  constructor(
    readonly merges: readonly (readonly [number, number])[],
    readonly split: PieceSplit = 'none',
  ) {
    this.expansion = [];
    for (let byte = 0; byte < 256; byte++) this.expansion.push(Uint8Array.of(byte));
    for (let special = 0; special < 3; special++) this.expansion.push(new Uint8Array(0));
    for (const [left, right] of merges) {
      if (left >= this.expansion.length || right >= this.expansion.length)
        throw new RangeError('merge refers to a later id');
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
    if (this.split === 'none') return this.mergePiece(Array.from(Buffer.from(text, 'utf8')));
    const ids: number[] = [];
    for (const piece of splitPieces(text, this.split)) {
      let pieceIds = this.pieceCache.get(piece);
      if (!pieceIds) {
        pieceIds = this.mergePiece(Array.from(Buffer.from(piece, 'utf8')));
        if (this.pieceCache.size < 100_000) this.pieceCache.set(piece, pieceIds);
      }
      for (const id of pieceIds) ids.push(id);
    }
    return ids;
  }

  private mergePiece(bytes: number[]): number[] {
    let ids = bytes;
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
    return {
      kind: 'byte-bpe',
      split: this.split,
      merges: this.merges.map(([left, right]) => [left, right] as [number, number]),
    };
  }

  static fromState(state: TokenizerState): Tokenizer {
    return new Tokenizer(state.merges, state.split ?? 'none');
  }

  /**
   * Learns up to `mergeCount` merges on a corpus: repeatedly joins the most frequent adjacent pair
   * within a piece (ties broken by the smaller pair, so the result is deterministic). Stops early when
   * no pair occurs twice. Under `numbers`, the 100 digit-pair merges come first and do not count.
   */
  static learn(corpus: readonly string[], mergeCount: number, split: PieceSplit = 'none'): Tokenizer {
    // Distinct pieces with their counts: a word seen 500 times is merged once and counted 500 times.
    const pieceCounts = new Map<string, number>();
    for (const text of corpus)
      for (const piece of splitPieces(text, split)) pieceCounts.set(piece, (pieceCounts.get(piece) ?? 0) + 1);
    const fixed = split === 'numbers' ? digitPairMerges() : [];
    const start = new Tokenizer(fixed, split);
    let sequences = [...pieceCounts].map(([piece, count]) => ({ ids: start.encode(piece), count }));
    const merges: [number, number][] = [...fixed];
    for (let rank = 0; rank < mergeCount; rank++) {
      const counts = new Map<number, number>();
      for (const { ids, count } of sequences) {
        for (let index = 0; index + 1 < ids.length; index++) {
          const key = ids[index]! * 65536 + ids[index + 1]!;
          counts.set(key, (counts.get(key) ?? 0) + count);
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
      sequences = sequences.map(({ ids, count }) => {
        if (ids.length < 2) return { ids, count };
        const merged: number[] = [];
        for (let index = 0; index < ids.length; index++) {
          if (index + 1 < ids.length && ids[index] === left && ids[index + 1] === right) {
            merged.push(id);
            index++;
          } else merged.push(ids[index]!);
        }
        return { ids: merged, count };
      });
    }
    return new Tokenizer(merges, split);
  }
}
