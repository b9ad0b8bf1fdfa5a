import { GenEnvError } from '../../interfaces/errors.ts';
import { type BackendChoice, useBackend } from '../../models/kernels.ts';
import type { BuiltinRole } from './options.ts';

/** The backend each role last asked for (the choice is process-wide, so agent and simulator must agree). */
const requested: Partial<Record<BuiltinRole, BackendChoice>> = {};

/**
 * Applies the `backend` option of a built-in policy before its model (and worker threads) start: it
 * switches the whole process, worker threads included. A role asking for a backend other than the one the
 * other role asked for, or for `native` where the addon was not built, is a one-line config error.
 * Without the option the process keeps GENENV_BACKEND's choice (auto: native when built, else wasm).
 */
export function applyBackendOption(role: BuiltinRole, choice: BackendChoice | undefined): void {
  if (choice === undefined) return;
  const other: BuiltinRole = role === 'agent' ? 'simulator' : 'agent';
  const otherChoice = requested[other];
  if (otherChoice !== undefined && otherChoice !== 'auto' && choice !== 'auto' && otherChoice !== choice) {
    throw new GenEnvError(
      'config',
      `${role}.options.backend: ${choice} differs from the ${other}'s ${otherChoice} (one backend per process)`,
    );
  }
  try {
    useBackend(choice);
  } catch (error) {
    throw new GenEnvError('config', `${role}.options.backend: ${(error as Error).message}`, { cause: error });
  }
  requested[role] = choice;
}
