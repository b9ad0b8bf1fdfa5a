import { CommanderError } from 'commander';
import { errorLine, GenEnvError } from '../interfaces/index.ts';

/**
 * What a command line does with an error that reached its top: commander's own (help and version are not errors;
 * commander already printed its one-line message otherwise) exit 0 or 2; every other error is one line on stderr
 * prefixed with the program's name (GENENV_DEBUG=1 adds the stack) and exits 2 for usage errors, 1 otherwise.
 */
export function exitStatusOf(error: unknown, program: string): number {
  if (error instanceof CommanderError) {
    return error.exitCode === 0 || error.code === 'commander.helpDisplayed' || error.code === 'commander.help' ? 0 : 2;
  }
  const cause = (error as { cause?: unknown }).cause;
  const inner = error instanceof GenEnvError || !(cause instanceof GenEnvError) ? error : cause;
  const line =
    inner instanceof GenEnvError
      ? errorLine(inner)
      : `internal error: ${errorLine(inner)} (set GENENV_DEBUG=1 for details)`;
  process.stderr.write(`${program}: ${line}\n`);
  if (process.env.GENENV_DEBUG) process.stderr.write(`${(inner as Error)?.stack ?? ''}\n`);
  return inner instanceof GenEnvError && inner.code === 'usage' ? 2 : 1;
}
