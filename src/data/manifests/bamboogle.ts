/**
 * Bamboogle (Press et al. 2023), the 125 questions as RUCAIBox/R1-Searcher keeps them in
 * `data/eval_set/bamboogle.jsonl`. The original is a Google Sheet linked from ofirpress/self-ask.
 */
import { type BenchmarkManifest, pinnedFiles } from '../manifest.ts';

export const bamboogleManifest: BenchmarkManifest = {
  name: 'bamboogle',
  source: 'RUCAIBox/R1-Searcher data/eval_set/ @ 631167c',
  licence: 'MIT (the R1-Searcher repository)',
  files: pinnedFiles(
    'https://raw.githubusercontent.com/RUCAIBox/R1-Searcher/631167cbb3c2464f805730e3e364a690f5b136d4/data/eval_set/',
    `
1c551e2f4c3387fd97a1cf711737258df5ffd4ea86996f1b2ba63a861cb7af29 17783 bamboogle.jsonl
`,
  ),
};
