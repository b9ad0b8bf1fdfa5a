import { CommanderError } from 'commander';
import { errorLine, GenEnvError } from '../interfaces/errors.ts';
import { StopRequested } from './stop-signals.ts';

/** The exit codes of every genenv command. */
export const EXIT_CODES = {
  success: 0,
  /** The command started and failed: a service down, a store unwritable, benchmark data missing or corrupt. */
  failure: 1,
  /** The command line or its input is wrong: an unknown or bad flag, a bad flag value, an invalid config file. */
  usage: 2,
} as const;

/** The exit-code paragraph of `genenv --help` (the README's Commands section says the same). */
export const EXIT_CODES_HELP = `Exit codes:
  0    success
  1    runtime failure (a service down, a store unwritable, benchmark data missing or corrupt)
  2    usage error or invalid input: unknown or retired flag, bad flag value, invalid config file or value
  130  run or compare stopped by SIGINT (Ctrl-C), 143 by SIGTERM, after the last committed epoch:
       genenv run --resume DIR (or the same compare command) continues it
  genenv serve stops on SIGINT or SIGTERM after its in-flight writes and exits 0`;

/**
 * What a command line does with an error that reached its top: commander's own (help and version are not errors;
 * commander already printed its one-line message otherwise) exit 0 or 2; a stop on a signal exits 128 + the signal's
 * number; every other error is one line on stderr prefixed with the program's name (GENENV_DEBUG=1 adds the stack)
 * and exits 2 for usage and config errors, 1 otherwise.
 */
export function exitStatusOf(error: unknown, program: string): number {
  if (error instanceof CommanderError) {
    return error.exitCode === 0 || error.code === 'commander.helpDisplayed' || error.code === 'commander.help'
      ? EXIT_CODES.success
      : EXIT_CODES.usage;
  }
  if (error instanceof StopRequested) {
    process.stderr.write(`${program}: ${error.message}\n`);
    return error.exitCode;
  }
  const cause = (error as { cause?: unknown }).cause;
  const inner = error instanceof GenEnvError || !(cause instanceof GenEnvError) ? error : cause;
  const line =
    inner instanceof GenEnvError
      ? errorLine(inner)
      : `internal error: ${errorLine(inner)} (set GENENV_DEBUG=1 for details)`;
  process.stderr.write(`${program}: ${line}\n`);
  if (process.env.GENENV_DEBUG) process.stderr.write(`${(inner as Error)?.stack ?? ''}\n`);
  return inner instanceof GenEnvError && (inner.code === 'usage' || inner.code === 'config')
    ? EXIT_CODES.usage
    : EXIT_CODES.failure;
}
