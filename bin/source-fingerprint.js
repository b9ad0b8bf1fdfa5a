// What identifies the sources the compiled CLI in dist/ was built from, cheaply enough to check on every start
// (about 600 stat calls): the number of entries under src/ and the newest modification time among its folders and
// non-test files, plus the build's tsconfig files. An edit changes a file's time; a file added, removed or renamed
// changes its folder's time; a checkout rewrites times. Equal fingerprints mean dist/ is current; anything else sends
// the CLI to the sources.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The fingerprint of the sources under `root` (the package folder), as one string. */
export function sourceFingerprint(root) {
  let entries = 0;
  let newest = 0;
  const visit = (folder) => {
    newest = Math.max(newest, statSync(folder).mtimeMs);
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      entries++;
      if (entry.isDirectory()) visit(path);
      else if (!entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  visit(join(root, 'src'));
  for (const name of ['tsconfig.json', 'tsconfig.build.json'])
    newest = Math.max(newest, statSync(join(root, name)).mtimeMs);
  return `${entries} entries, newest ${newest}`;
}
