import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The documents the docs tests read, relative to the repository's root: README.md, the user docs (docs/), the lab
 * notebook (lab/notebook/) and the Markdown files beside the code (src/, e.g. a benchmark's departures from its
 * official evaluator).
 */
export function documentFiles(root: string): string[] {
  return [
    'README.md',
    ...markdownUnder(root, 'docs'),
    ...markdownUnder(root, 'lab/notebook'),
    ...markdownUnder(root, 'src'),
  ];
}

function markdownUnder(root: string, folder: string): string[] {
  if (!existsSync(join(root, folder))) return [];
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) =>
      join(entry.parentPath, entry.name)
        .slice(root.length)
        .replace(/^[\\/]+/, '')
        .replaceAll('\\', '/'),
    )
    .sort();
}
