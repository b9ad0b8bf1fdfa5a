import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The line that installs the PyTorch peer on Debian (torch 1.13 with OpenBLAS, into /usr/bin/python3). */
export const TORCH_INSTALL_LINE = 'apt-get install -y python3-torch';

/**
 * genenv's model written in PyTorch (genenv_model.py) and the bench's step server beside it. Resolved from the package
 * root, so that it is found from the sources and from dist/ alike (src/ ships with the package).
 */
export const TORCH_PEER_FOLDER = fileURLToPath(new URL('../../src/measurement/torch-peer/', import.meta.url));

/** A Python interpreter that imports torch, and torch's version. */
export interface TorchPython {
  python: string;
  version: string;
}

const found = new Map<string, TorchPython | { reason: string }>();

/**
 * `asked` (by default GENENV_TORCH_PYTHON) if it imports torch, or without one the first of python3 and
 * /usr/bin/python3 that does (Debian's python3-torch installs into the system Python, which a python3 earlier on PATH,
 * such as pyenv's, does not see); else why there is none. Asked once per process and interpreter.
 */
export function findTorchPython(asked = process.env.GENENV_TORCH_PYTHON): TorchPython | { reason: string } {
  const key = asked ?? '';
  const known = found.get(key);
  if (known) return known;
  const result = probe(asked ? [asked] : ['python3', '/usr/bin/python3']);
  found.set(key, result);
  return result;
}

/** The first of `candidates` that imports torch, or why none does. */
function probe(candidates: readonly string[]): TorchPython | { reason: string } {
  for (const python of candidates) {
    const answer = spawnSync(python, ['-c', 'import torch; print(torch.__version__)'], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    if (answer.status === 0) return { python, version: answer.stdout.trim() };
  }
  return {
    reason:
      `no PyTorch peer: ${candidates.join(' or ')} cannot import torch (install it with ` +
      `\`${TORCH_INSTALL_LINE}\`, or name a Python that has it in GENENV_TORCH_PYTHON)`,
  };
}
