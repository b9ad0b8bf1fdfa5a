import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { documentFiles } from '../support/doc-files.ts';
import { headingSlug, markdownAnchors, missingPaths, type Repository, repositoryOnDisk } from '../support/doc-paths.ts';

/**
 * Docs that stay true: every file a document names (a link, or a path in inline code such as `src/core/loop.ts`)
 * exists in the repository, and a link's `#anchor` into a Markdown file names one of its headings or anchors, so a
 * file renamed, moved or deleted fails the suite until the docs follow.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const repository = repositoryOnDisk(root);
const documents = documentFiles(root);

describe('paths in the docs', () => {
  it('reads README.md, docs/ and the lab notebook', () => {
    expect(documents).toContain('README.md');
    expect(documents).toContain('docs/design.md');
    expect(documents.length).toBeGreaterThan(5);
  });

  it('all exist', () => {
    const missing = documents.flatMap((file) => missingPaths(file, readFileSync(join(root, file), 'utf8'), repository));
    expect(missing).toEqual([]);
  });
});

describe('the path check', () => {
  const files = new Map<string, string>([
    ['README.md', '# genenv\n\n## Two commands\n'],
    ['docs/design.md', '# Design\n\n## 4. Parts and seams\n\n### <a id="s4.1"></a>4.1 The parts\n'],
    ['src/core/loop.ts', ''],
    ['lab/configs/frontier.json', ''],
  ]);
  const folders = new Set(['src', 'src/core', 'docs', 'lab', 'lab/configs']);
  const fake: Repository = {
    exists: (path) => files.has(path) || folders.has(path),
    read: (path) => files.get(path),
    roots: new Set(['src', 'docs', 'lab', 'README.md']),
    parts: new Set(['core', 'models']),
  };
  const check = (markdown: string, file = 'docs/fake.md') => missingPaths(file, markdown, fake);

  it('fails a planted path that is not there, in inline code or in a link', () => {
    expect(check('The loop is in `src/core/lop.ts`.')).toEqual([
      'docs/fake.md:1: `src/core/lop.ts` names src/core/lop.ts, not found',
    ]);
    expect(check('Run `genenv run --config lab/configs/frontier-x.json`.')).toEqual([
      'docs/fake.md:1: `lab/configs/frontier-x.json` names lab/configs/frontier-x.json, not found',
    ]);
    expect(check('line one\nSee [the design](desgn.md).')).toEqual([
      'docs/fake.md:2: link desgn.md names docs/desgn.md, not found',
    ]);
    expect(check('A span that wraps, `genenv run --config\nlab/configs/frontier-y.json`, and `src/core/`.')).toEqual([
      'docs/fake.md:2: `lab/configs/frontier-y.json` names lab/configs/frontier-y.json, not found',
    ]);
    expect(check('`models/sampler.ts` samples.')).toEqual([
      'docs/fake.md:1: `models/sampler.ts` names src/models/sampler.ts, not found',
    ]);
  });

  it('fails a link to a heading that is not there', () => {
    expect(check('[parts](design.md#s4.2)')).toEqual([
      'docs/fake.md:1: link design.md#s4.2 has no anchor #s4.2 in docs/design.md',
    ]);
    expect(check('[two](../README.md#two-command)')).toEqual([
      'docs/fake.md:1: link ../README.md#two-command has no anchor #two-command in README.md',
    ]);
    expect(check('[here](#nowhere)\n\n## Somewhere\n')).toEqual([
      'docs/fake.md:1: link #nowhere has no anchor #nowhere in docs/fake.md',
    ]);
  });

  it('accepts paths and anchors that are there, relative to the document', () => {
    expect(
      check(
        [
          '`src/core/loop.ts`, `core/loop.ts:12`, `src/core/`, `--config=lab/configs/frontier.json`,',
          '[design §4.1](design.md#s4.1), [parts](design.md#4-parts-and-seams), [two](../README.md#two-commands),',
          '[up](#somewhere), [root](../README.md)',
          '',
          '## Somewhere',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('leaves alone what is not a repository path', () => {
    expect(
      check(
        [
          '`runs/j21-w7331`, `builtin:runs/…/checkpoints/epoch-0032/agent`, `checkpoints/epoch-0032/agent`,',
          '`dist/`, `native/kernel-*.h`, `<run>/checkpoints`, `$GENENV_DATA_DIR/bfcl`, `/proc/cpuinfo`,',
          '`curriculum/inBandFraction`, `agent/loss`, `test-id / test-hard`, [paper](https://arxiv.org/abs/2512.19682)',
          '```sh',
          'genenv run --config src/nowhere.json',
          '```',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('makes anchors as GitHub does', () => {
    expect(headingSlug('Evaluating on the benchmarks')).toBe('evaluating-on-the-benchmarks');
    expect(headingSlug('4.1 The parts')).toBe('41-the-parts');
    expect(headingSlug('`genenv serve` under load')).toBe('genenv-serve-under-load');
    expect(headingSlug('<a id="s15"></a>15. `genenv serve` under load')).toBe('15-genenv-serve-under-load');
    expect([...markdownAnchors('## Results\n\n## Results\n```\n## Not a heading\n```\n<a id="s1"></a>')]).toEqual([
      'results',
      'results-1',
      's1',
    ]);
  });
});
