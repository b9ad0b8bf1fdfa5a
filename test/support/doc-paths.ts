import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

/**
 * What the path check needs to know of a repository: whether a path exists, the text of a Markdown file (for its
 * anchors), and which first folders make a code span's word a repository path.
 */
export interface Repository {
  /** Whether a path, relative to the repository's root and in posix form, exists. */
  exists(path: string): boolean;
  /** The text of a file of the repository, or undefined when there is none. */
  read(path: string): string | undefined;
  /** The repository's own top-level entries (what git tracks at the root): `src`, `lab`, `README.md`, … */
  roots: ReadonlySet<string>;
  /** The parts of `src/` (`core`, `models`, …): docs/design.md names their files as `core/loop.ts`. */
  parts: ReadonlySet<string>;
}

/**
 * Every path a Markdown document names that is not in the repository, as one line each (`file:line: …`). Checked:
 * the target of every link (relative to the document; with its `#anchor` when it points into a Markdown file: a
 * heading's GitHub slug or an explicit `id`), and every word of an inline code span that is a path under one of the
 * repository's own top-level entries (from its root) or a TypeScript file under a part of `src/` (from `src/`).
 * Not checked, by rule: URLs, fenced blocks, words with a placeholder or a glob (`<run>`, `…`, `*`, `$VAR`),
 * absolute paths, and paths under folders the repository does not hold: a run's folder (`runs/…`,
 * `checkpoints/epoch-0032/agent`) or an ignored build output (`dist/`). Pure, given the repository.
 */
export function missingPaths(file: string, markdown: string, repository: Repository): string[] {
  const problems: string[] = [];
  const anchorsOf = anchorReader(repository);
  const folder = posix.dirname(file);
  const ownAnchors = markdownAnchors(markdown);
  let fence: string | null = null;
  // Inline code may wrap onto the next line of its paragraph: a line that starts inside a span is read with the
  // span's opening backtick put back.
  let insideSpan = false;
  markdown.split('\n').forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    const marker = /^\s*(```+|~~~+)/.exec(line);
    if (marker) {
      if (fence === null) fence = marker[1]!;
      else if (line.trim().startsWith(fence)) fence = null;
      insideSpan = false;
      return;
    }
    if (fence !== null) return;
    if (line.trim() === '') insideSpan = false;
    const raw = insideSpan ? `\`${line}` : line;
    if ((line.match(/`/g)?.length ?? 0) % 2 === 1) insideSpan = !insideSpan;
    for (const span of raw.matchAll(/`([^`]+)`/g))
      for (const word of span[1]!.split(/\s+/)) {
        const path = repositoryPath(word, repository);
        if (path !== null && !repository.exists(path)) problems.push(`${where}: \`${word}\` names ${path}, not found`);
      }
    const prose = raw.replace(/`[^`]*`/g, (span) => ' '.repeat(span.length));
    const targets = [
      ...[...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!),
      ...[...prose.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/g)].map((match) => match[1]!),
    ];
    for (const target of targets) {
      const problem = linkProblem(file, ownAnchors, folder, target, repository, anchorsOf);
      if (problem) problems.push(`${where}: link ${target} ${problem}`);
    }
  });
  return problems;
}

/**
 * The repository path a code span's word names, or null when it names none: a word of two segments or more whose
 * first is one of the repository's top-level entries (read from the root), or a TypeScript file under a part of
 * `src/` (read from `src/`), without a placeholder or a glob. A `--flag=` before it, a `:line` after it and closing punctuation are dropped.
 */
export function repositoryPath(word: string, repository: Repository): string | null {
  const path = word
    .replace(/^--[\w-]+=/, '')
    .replace(/[.,;:)]+$/, '')
    .replace(/:\d+(?::\d+)?$/, '');
  if (!/^[\w.-]+(?:\/[\w.-]+)*\/?$/.test(path) || !path.includes('/')) return null;
  const first = path.split('/')[0]!;
  if (first === '.' || first === '..') return null;
  if (repository.roots.has(first)) return path.replace(/\/$/, '');
  // Metric names (`curriculum/inBandFraction`) and data layouts (`data/eval_set/…`) share the parts' names; only a
  // source file after a part's name is one of its files.
  if (repository.parts.has(first) && /\.ts$/.test(path)) return `src/${path}`;
  return null;
}

function linkProblem(
  file: string,
  ownAnchors: ReadonlySet<string>,
  folder: string,
  target: string,
  repository: Repository,
  anchorsOf: (path: string) => ReadonlySet<string> | null,
): string | null {
  if (/^[a-z][a-z\d+.-]*:/i.test(target)) return null;
  const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
  if (pathPart === '')
    return ownAnchors.has(decodeURIComponent(anchor ?? '')) ? null : `has no anchor #${anchor} in ${file}`;
  const path = posix.normalize(posix.join(folder, decodeURIComponent(pathPart)));
  if (path.startsWith('../') || posix.isAbsolute(path)) return 'leaves the repository';
  const cleaned = path.replace(/\/$/, '');
  if (!repository.exists(cleaned)) return `names ${cleaned}, not found`;
  if (anchor === undefined || !cleaned.endsWith('.md')) return null;
  const anchors = anchorsOf(cleaned);
  return anchors?.has(decodeURIComponent(anchor)) ? null : `has no anchor #${anchor} in ${cleaned}`;
}

/** The anchors of each Markdown file, read once. */
function anchorReader(repository: Repository): (path: string) => ReadonlySet<string> | null {
  const cache = new Map<string, ReadonlySet<string> | null>();
  return (path) => {
    if (!cache.has(path)) {
      const text = repository.read(path);
      cache.set(path, text === undefined ? null : markdownAnchors(text));
    }
    return cache.get(path)!;
  };
}

/**
 * The anchors a Markdown text offers, as GitHub makes them: each heading's slug (a repeated one with `-1`, `-2`, …)
 * outside fenced blocks, and every explicit `<a id="…">` or `name="…"`.
 */
export function markdownAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(```+|~~~+)/.exec(line);
    if (marker) {
      if (fence === null) fence = marker[1]!;
      else if (line.trim().startsWith(fence)) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const slug = headingSlug(heading[1]!);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const explicit of line.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/g)) anchors.add(explicit[1]!);
  }
  return anchors;
}

/** A heading's anchor as GitHub writes it: its text without markup, lower case, punctuation dropped, spaces → `-`. */
export function headingSlug(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/**
 * The repository on disk: its top-level entries less `.git` and what `.gitignore` names at the root (build outputs,
 * `node_modules`, `runs/`), and the folders of `src/`.
 */
export function repositoryOnDisk(root: string): Repository {
  const ignored = new Set(
    readFileSync(join(root, '.gitignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim().replace(/^\/|\/$/g, ''))
      .filter((line) => line !== '' && !/[*!#/]/.test(line)),
  );
  const entries = readdirSync(root).filter((name) => name !== '.git' && !ignored.has(name));
  const parts = readdirSync(join(root, 'src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return {
    exists: (path) => existsSync(join(root, path)),
    read: (path) => (existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : undefined),
    roots: new Set(entries),
    parts: new Set(parts),
  };
}
