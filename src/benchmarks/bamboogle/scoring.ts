import { exactMatch, normalizeAnswer, tokenF1 } from '../../domains/answer-matching.ts';

/** The three Bamboogle item scores, each in [0, 1]. */
export interface AnswerScores {
  /** SQuAD exact match after normalisation (0 or 1). */
  exactMatch: number;
  /** SQuAD token F1 after normalisation. */
  f1: number;
  /** 1 when the normalised gold appears in the normalised prediction as a whole-token run ("cover EM"). */
  coverExactMatch: number;
}

/**
 * Cover EM: the normalised gold is a contiguous run of whole tokens of the normalised prediction.
 * Whole tokens (not raw substrings, as some toolkits do) so that gold "1999" is not found in "19999".
 * An empty gold never matches. Result 0 or 1.
 */
export function coverExactMatch(prediction: string, gold: string): number {
  const normalizedGold = normalizeAnswer(gold);
  if (normalizedGold.length === 0) return 0;
  return ` ${normalizeAnswer(prediction)} `.includes(` ${normalizedGold} `) ? 1 : 0;
}

/** EM, F1 and cover EM of an extracted answer against the gold string. */
export function scoreAnswer(prediction: string, gold: string): AnswerScores {
  return {
    exactMatch: exactMatch(prediction, gold),
    f1: tokenF1(prediction, gold),
    coverExactMatch: coverExactMatch(prediction, gold),
  };
}
