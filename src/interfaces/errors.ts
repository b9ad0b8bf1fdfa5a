/**
 * Typed errors. Every error that can reach a user carries a stable `code` and one readable line of
 * `message`; the original error (if any) rides along as `cause` for debugging, never printed by default.
 */
export type ErrorCode =
  | 'config' // bad config file or flag value
  | 'usage' // bad CLI usage (unknown flag, missing argument)
  | 'not-available' // a command whose part is not built in this version
  | 'resume' // --resume pointed at something that cannot be resumed
  | 'store' // the run directory could not be read or written
  | 'policy' // a policy backend failed (server down, bad checkpoint)
  | 'service' // genenv serve could not start (a port in use), refused a request or answered outside its protocol
  | 'domain' // a domain could not be built or read
  | 'benchmark' // benchmark data missing or malformed
  | 'internal'; // a bug: should not happen

export class GenEnvError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GenEnvError';
    this.code = code;
  }
}

/** One readable line for any thrown value: the message of a GenEnvError, else the message of its deepest cause. */
export function errorLine(error: unknown): string {
  if (error instanceof GenEnvError) return `${error.message}`.split('\n')[0]!;
  if (error instanceof Error)
    return `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}`.split('\n')[0]!;
  return String(error).split('\n')[0]!;
}

/** The first line of a thrown value's message, without the error's name (for reasons stored with data). */
export function messageLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
}
