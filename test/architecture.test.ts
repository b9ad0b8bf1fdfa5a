import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = join(ROOT, 'src');
const LAB = join(ROOT, 'lab');
const CLI = join(SOURCE, 'cli');
/** The package's entries: the public one (`genenv`, src/index.ts) and the lab's door to internals (src/internal.ts). */
const ENTRIES = [join(SOURCE, 'index.ts'), join(SOURCE, 'internal.ts')];

/**
 * The parts of src/, lowest first: a part imports only parts before it here, never one after it (no arrow up), so the
 * order is also why there is no cycle. docs/design.md §4 says what each holds. The two entries (ENTRIES) stand above
 * them all but cli/, and the lab above the entries, through which alone it reaches the product.
 */
const LAYERS = [
  'interfaces',
  'util',
  'curriculum',
  'models',
  'algorithms',
  'domains',
  'policies',
  'benchmarks',
  'data',
  'store',
  'core',
  'serve',
  'external-trainers',
  'serve-client',
  'report',
  'measurement',
  'composition',
  'testing',
  'cli',
];

/**
 * The relative module specifiers a source file loads: static imports and re-exports (`from '…'`), side-effect
 * imports, dynamic `import('…')` and worker scripts (`new URL('…', import.meta.url)`).
 */
function relativeImports(text: string): string[] {
  const patterns = [
    /\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g,
    /\bimport\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g,
    /\bnew\s+URL\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]!));
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|js|mjs|cjs)$/.test(entry.name) ? [path] : [];
  });
}

const inside = (path: string, folder: string) => path === folder || path.startsWith(`${folder}${sep}`);

/** Each file with the absolute paths it imports. */
function importGraph(files: readonly string[]): { file: string; targets: string[] }[] {
  return files.map((file) => ({
    file,
    targets: relativeImports(readFileSync(file, 'utf8')).map((specifier) => resolve(dirname(file), specifier)),
  }));
}

/** The files of the parts of src (its folders), tests aside: the entries at its root have checks of their own. */
const partFiles = () => sourceFiles(SOURCE).filter((file) => dirname(file) !== SOURCE && !file.endsWith('.test.ts'));

/** "file → target" for each import of src/ by a lab file that passes by the two entries (ENTRIES). */
function labImportsPastTheEntries(graph: readonly { file: string; targets: string[] }[]): string[] {
  return graph.flatMap(({ file, targets }) =>
    targets
      .filter((target) => inside(target, SOURCE) && !ENTRIES.includes(target))
      .map((target) => `${relative(ROOT, file)} → ${relative(ROOT, target)}`),
  );
}

/** The first cycle among the nodes of a directed graph, as a path that ends where it starts; null when none. */
function findCycle(edges: ReadonlyMap<string, ReadonlySet<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const next of edges.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of [...edges.keys()].sort()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('architecture', () => {
  it('finds static, re-exported, side-effect, dynamic and worker imports', () => {
    const text = [
      "import { a,\n  b } from '../core/loop.ts';",
      "export * from './index.ts';",
      "import './side-effect.ts';",
      "const probe = await import('../lab/probes/grpo-only.ts');",
      "new Worker(new URL('./worker.js', import.meta.url));",
      "import { z } from 'zod';",
    ].join('\n');
    expect(relativeImports(text).sort()).toEqual(
      ['../core/loop.ts', './index.ts', './side-effect.ts', '../lab/probes/grpo-only.ts', './worker.js'].sort(),
    );
  });

  it('no file of the product (src/ and bin/genenv.js) imports the lab', () => {
    const product = [...sourceFiles(SOURCE), join(ROOT, 'bin', 'genenv.js')];
    expect(product.length).toBeGreaterThan(100);
    const offending = importGraph(product)
      .filter(({ targets }) => targets.some((target) => inside(target, LAB)))
      .map(({ file }) => relative(ROOT, file));
    expect(offending, `these product files import lab/: ${offending.join(', ')}`).toEqual([]);
  });

  it('the lab reaches the product only through src/index.ts and src/internal.ts', () => {
    const lab = sourceFiles(LAB);
    expect(lab.length).toBeGreaterThan(20);
    const offending = labImportsPastTheEntries(importGraph(lab));
    expect(offending, `lab files that import src/ past its two entries: ${offending.join(', ')}`).toEqual([]);
  });

  it('refuses a lab import planted past the entries, of a part or of the command line', () => {
    const planted = join(LAB, 'probes', 'planted.ts');
    const text = [
      "import { runCoevolution } from '../../src/index.ts';",
      "import { loadModelState } from '../../src/internal.ts';",
      "import { AdamW } from '../../src/models/adam.ts';",
      "const { main } = await import('../../src/cli/main.ts');",
      "import { mean } from '../analyses/paired-claim.ts';",
    ].join('\n');
    const targets = relativeImports(text).map((specifier) => resolve(dirname(planted), specifier));
    expect(labImportsPastTheEntries([{ file: planted, targets }])).toEqual([
      'lab/probes/planted.ts → src/models/adam.ts',
      'lab/probes/planted.ts → src/cli/main.ts',
    ]);
  });

  it('no part of src imports the two entries, and neither entry imports src/cli/', () => {
    const parts = new Set(partFiles());
    const graph = importGraph(sourceFiles(SOURCE));
    const upward = graph
      .filter(({ file }) => parts.has(file))
      .flatMap(({ file, targets }) => targets.filter((target) => ENTRIES.includes(target)).map(() => file));
    expect(upward, `parts that import an entry: ${upward.join(', ')}`).toEqual([]);
    const entryGraph = graph.filter(({ file }) => ENTRIES.includes(file));
    expect(entryGraph.map(({ file }) => relative(ROOT, file)).sort()).toEqual(['src/index.ts', 'src/internal.ts']);
    const toCli = entryGraph.flatMap(({ targets }) => targets.filter((target) => inside(target, CLI)));
    expect(toCli).toEqual([]);
  });

  it('every part of src imports only parts below it in the layer order (tests aside)', () => {
    const folderOf = (path: string) => relative(SOURCE, path).split(sep)[0]!;
    const folders = readdirSync(SOURCE, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(
      folders.filter((folder) => !LAYERS.includes(folder)),
      'folders of src missing from LAYERS',
    ).toEqual([]);
    const files = partFiles();
    const upward = importGraph(files).flatMap(({ file, targets }) =>
      targets
        .filter((target) => inside(target, SOURCE) && dirname(target) !== SOURCE)
        .filter((target) => LAYERS.indexOf(folderOf(target)) > LAYERS.indexOf(folderOf(file)))
        .map((target) => `${relative(ROOT, file)} → ${relative(ROOT, target)}`),
    );
    expect(upward, `imports that point up the layers: ${upward.join(', ')}`).toEqual([]);
  });

  it('finds a cycle and its path', () => {
    const edges = new Map([
      ['cli', new Set(['core'])],
      ['core', new Set(['serve'])],
      ['serve', new Set(['core'])],
    ]);
    expect(findCycle(edges)).toEqual(['core', 'serve', 'core']);
    expect(findCycle(new Map([['cli', new Set(['core'])]]))).toBeNull();
  });

  it('the folders of src import one another without a cycle (tests aside)', () => {
    const edges = new Map<string, Set<string>>();
    const folderOf = (path: string) => relative(SOURCE, path).split(sep)[0]!;
    const files = partFiles();
    for (const { file, targets } of importGraph(files)) {
      const from = folderOf(file);
      for (const target of targets) {
        if (!inside(target, SOURCE) || dirname(target) === SOURCE) continue;
        const to = folderOf(target);
        if (to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    }
    expect(edges.get('cli')?.has('composition')).toBe(true);
    const cycle = findCycle(edges);
    expect(cycle, `import cycle among src folders: ${cycle?.join(' → ')}`).toBeNull();
  });
});
