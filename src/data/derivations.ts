/** How a data file is made from its upstream file, by derivation name. */
import { pythonJsonDumps } from './python-json.ts';
import { readPythonConstants } from './python-literals.ts';
import type { Derivation } from './manifest.ts';

/**
 * The data file's bytes from its upstream file's. `python-constants-json`: a module of `NAME = <literal>` statements
 * as one JSON object of its constants, in order (`source` names the file in errors).
 */
export function derive(derivation: Derivation, upstream: Buffer, source: string): Buffer {
  switch (derivation) {
    case 'python-constants-json':
      return Buffer.from(pythonJsonDumps(readPythonConstants(upstream.toString('utf8'), source)), 'utf8');
  }
}
