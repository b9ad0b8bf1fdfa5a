/**
 * ALFWorld (Shridhar et al. 2021): ReAct's expert transcripts of training games (ysymyth/ReAct
 * `prompts/alfworld_3prompts.json`), from which the benchmark rebuilds its games. ALFWorld's own game files come
 * only as release archives and are not fetched; pass `--data` to a folder that holds them.
 */
import type { BenchmarkManifest } from '../manifest.ts';

export const alfworldManifest: BenchmarkManifest = {
  name: 'alfworld',
  source: 'ysymyth/ReAct prompts/alfworld_3prompts.json @ 6bdb3a1',
  licence: 'MIT (the ReAct repository)',
  files: [
    {
      path: 'reference/alfworld_3prompts.json',
      bytes: 62340,
      sha256: 'a10976b4ae99f4802aa9e621933bb71065ae103f2bd273a24466ab1005fbc45a',
      upstream: {
        url: 'https://raw.githubusercontent.com/ysymyth/ReAct/6bdb3a1fd38b8188fc7ba4102969fe483df8fdc9/prompts/alfworld_3prompts.json',
        bytes: 62340,
        sha256: 'a10976b4ae99f4802aa9e621933bb71065ae103f2bd273a24466ab1005fbc45a',
      },
    },
  ],
};
