/**
 * The passages Bamboogle's local search reads: `corpus.jsonl` in the data folder, one passage a line, either
 * `{title, text}` or Search-R1's Wikipedia format `{contents}` (`"Title"\ntext`). Bamboogle ships no corpus,
 * so a folder without one searches no passages (every search answers "No results.").
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { SearchResult } from '../../domains/search/index.ts';
import { GenEnvError } from '../../interfaces/errors.ts';

/** Name of the passage file inside a Bamboogle data folder. */
export const CORPUS_FILE = 'corpus.jsonl';

const PassageSchema = z.union([
  z.object({ title: z.string(), text: z.string() }),
  z.object({ contents: z.string().min(1) }).transform((row) => passageOfContents(row.contents)),
]);

/** Search-R1's `contents`: the title in quotes on the first line, the text after it. */
export function passageOfContents(contents: string): SearchResult {
  const newline = contents.indexOf('\n');
  const head = newline < 0 ? contents : contents.slice(0, newline);
  const text = newline < 0 ? '' : contents.slice(newline + 1);
  return { title: head.trim().replace(/^"(.*)"$/s, '$1'), text: text.trim() };
}

/** The passages of `<dataPath>/corpus.jsonl`, or null when the folder has none. Malformed lines: GenEnvError. */
export function loadSearchCorpus(dataPath: string): SearchResult[] | null {
  const file = join(dataPath, CORPUS_FILE);
  if (!existsSync(file)) return null;
  const passages: SearchResult[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, lineIndex) => {
      if (line.trim().length === 0) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch (error) {
        throw new GenEnvError('benchmark', `${file}:${lineIndex + 1} is not valid JSON`, { cause: error });
      }
      const row = PassageSchema.safeParse(parsed);
      if (!row.success)
        throw new GenEnvError('benchmark', `${file}:${lineIndex + 1} is neither {title, text} nor {contents}`, {
          cause: row.error,
        });
      passages.push(row.data);
    });
  return passages;
}
