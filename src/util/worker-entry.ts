/**
 * The entry file of a worker thread whose body is `<name>-body.ts` next to the calling module. Compiled (dist/), the
 * body is plain JavaScript and is the entry itself; from sources, `<name>.js` is a bootstrap that registers the
 * TypeScript loader first, because a `.ts` file cannot be a worker entry under tsx.
 */
export function workerEntry(name: string, moduleUrl: string): URL {
  return new URL(moduleUrl.endsWith('.ts') ? `./${name}.js` : `./${name}-body.js`, moduleUrl);
}
