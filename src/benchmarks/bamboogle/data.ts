import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { GenEnvError } from '../../interfaces/errors.ts';

/** One Bamboogle question with its single gold answer string (kept exactly as stored, quirks included). */
export interface BamboogleItem {
  /** `bamboogle-<idx>` with the 1-based index of the file. */
  id: string;
  index: number;
  question: string;
  answer: string;
}

const RowSchema = z.object({ idx: z.number().int(), question: z.string().min(1), answer: z.string() });

/** Path of the data file inside a Bamboogle data folder. */
export function bamboogleFile(dataPath: string): string {
  return join(dataPath, 'bamboogle.jsonl');
}

/**
 * Reads `bamboogle.jsonl` (`{idx, question, answer, gen_text_store}` per line) from `dataPath`.
 * Gold answers are not edited: answer 75 keeps its trailing newline (normalisation removes it when
 * scoring) and answer 55 keeps the misspelling "James Cameroon" (so "James Cameron" scores F1 0.5, EM 0).
 */
export function loadBamboogle(dataPath: string): BamboogleItem[] {
  const file = bamboogleFile(dataPath);
  if (!existsSync(file)) throw new GenEnvError('benchmark', `Bamboogle data not found: ${file}`);
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0);
  return lines.map((line, lineIndex) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (error) {
      throw new GenEnvError('benchmark', `${file}:${lineIndex + 1} is not valid JSON`, { cause: error });
    }
    const row = RowSchema.safeParse(parsed);
    if (!row.success)
      throw new GenEnvError('benchmark', `${file}:${lineIndex + 1} lacks idx/question/answer`, { cause: row.error });
    return {
      id: `bamboogle-${row.data.idx}`,
      index: row.data.idx,
      question: row.data.question,
      answer: row.data.answer,
    };
  });
}
