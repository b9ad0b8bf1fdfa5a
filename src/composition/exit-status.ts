import { CommanderError } from 'commander';
import { errorLine, GenEnvError, type Remedy } from '../interfaces/errors.ts';
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
  2    usage error or invalid input: unknown or retired flag, bad flag value, invalid config file or value, a
       folder that cannot be resumed, an --out folder that already holds a run, a malformed file read back
  130  run or compare stopped by SIGINT (Ctrl-C), 143 by SIGTERM, after the last committed epoch:
       genenv run --resume DIR (or the same compare command) continues it
  genenv serve stops on SIGINT or SIGTERM after its in-flight writes and exits 0`;

/**
 * A remedy in the command line's words, for `command` (the command that failed: `run`, `serve`, `compare`, …). The
 * library's messages name folders and config fields only; here they become flags.
 */
export function remedyText(remedy: Remedy, command = 'run'): string {
  const resumable = command === 'serve' ? 'serve' : 'run';
  switch (remedy.kind) {
    case 'resume':
      return (
        `genenv ${resumable} --resume ${remedy.folder} continues it` +
        (remedy.orElsewhere ? ', or choose another --out' : '')
      );
    case 'start-afresh':
      return `genenv ${resumable} --out ${remedy.folder} starts a new run there`;
    case 'resume-as':
      return `genenv ${remedy.as === 'service' ? 'serve' : 'run'} --resume ${remedy.folder} resumes it`;
    case 'repeat-comparison':
      return `the same command with --out ${remedy.folder} continues the comparison`;
  }
}

/** The error's one line, with its remedy in the command line's words after a semicolon. */
function lineWithRemedy(error: GenEnvError | StopRequested, command: string | undefined): string {
  const line = error instanceof GenEnvError ? errorLine(error) : error.message;
  return error.remedy ? `${line}; ${remedyText(error.remedy, command)}` : line;
}

/**
 * Error codes that mean the input was wrong (exit 2): a flag, a config, a folder to resume, a file read back. Every
 * other GenEnvError is a failure while running (exit 1).
 */
const INPUT_ERROR_CODES: ReadonlySet<string> = new Set(['usage', 'config', 'resume', 'invalid-file']);

/**
 * What a command line does with an error that reached its top: commander's own (help and version are not errors;
 * commander already printed its one-line message otherwise) exit 0 or 2; a stop on a signal exits 128 + the signal's
 * number; every other error is one line on stderr prefixed with the program's name, its remedy worded for `command`
 * (GENENV_DEBUG=1 adds the stack), and exits 2 for usage, config and resume errors, 1 otherwise.
 */
export function exitStatusOf(error: unknown, program: string, command?: string): number {
  if (error instanceof CommanderError) {
    return error.exitCode === 0 || error.code === 'commander.helpDisplayed' || error.code === 'commander.help'
      ? EXIT_CODES.success
      : EXIT_CODES.usage;
  }
  if (error instanceof StopRequested) {
    process.stderr.write(`${program}: ${lineWithRemedy(error, command)}\n`);
    return error.exitCode;
  }
  const cause = (error as { cause?: unknown }).cause;
  const inner = error instanceof GenEnvError || !(cause instanceof GenEnvError) ? error : cause;
  const line =
    inner instanceof GenEnvError
      ? lineWithRemedy(inner, command)
      : `internal error: ${errorLine(inner)} (set GENENV_DEBUG=1 for details)`;
  process.stderr.write(`${program}: ${line}\n`);
  if (process.env.GENENV_DEBUG) process.stderr.write(`${(inner as Error)?.stack ?? ''}\n`);
  return inner instanceof GenEnvError && INPUT_ERROR_CODES.has(inner.code) ? EXIT_CODES.usage : EXIT_CODES.failure;
}
