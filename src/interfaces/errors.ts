/**
 * Typed errors. Every error that can reach a user carries a stable `code` and one readable line of `message`, in the
 * library's own words: a message names config fields, folders and servers, never a command-line flag. What the user
 * can do next, where it is a step the command line spells as flags (resume this folder, start afresh there), rides
 * along as `remedy`, which the CLI words as flags and a library caller as calls. The original error (if any) rides
 * along as `cause` for debugging, never printed by default.
 */
export type ErrorCode =
  | 'config' // bad config file or value
  | 'usage' // bad use: an unknown flag, a missing argument, an option that cannot apply
  | 'not-available' // a command whose part is not built in this version
  | 'resume' // a resume pointed at something that cannot be resumed
  | 'invalid-file' // a file read back (a run's, a comparison's, a task list) is missing or malformed
  | 'store' // the run directory could not be read or written
  | 'policy' // a policy backend failed (server down, bad checkpoint)
  | 'service' // genenv serve could not start (a port in use), refused a request or answered outside its protocol
  | 'domain' // a domain could not be built or read
  | 'benchmark' // benchmark data missing or malformed
  | 'internal'; // a bug: should not happen

/** What a run folder is: one `genenv run` / `runCoevolution` wrote, or one a served curriculum wrote. */
export type RunFolderKind = 'run' | 'service';

/**
 * The next step an error leaves the user, independent of how they started genenv:
 * `resume` the run already in `folder` (`orElsewhere`: or start the new one in another folder); `start-afresh`, since
 * `folder` holds nothing worth resuming (a fresh start into it replaces what is there); `resume-as`, since `folder`
 * is a folder of the other kind; `repeat-comparison`, the same comparison into `folder` continues it.
 */
export type Remedy =
  | { kind: 'resume'; folder: string; orElsewhere?: boolean }
  | { kind: 'start-afresh'; folder: string }
  | { kind: 'resume-as'; folder: string; as: RunFolderKind }
  | { kind: 'repeat-comparison'; folder: string };

export interface GenEnvErrorOptions {
  cause?: unknown;
  remedy?: Remedy;
}

/** The class of each code's errors (filled below, once the classes exist). */
const CLASS_OF_CODE = new Map<ErrorCode, { prototype: GenEnvError; name: string }>();

/**
 * The error genenv throws on purpose: `code` says its kind (stable across versions), `message` is one line. Each code
 * has a class of its own (ConfigError, ResumeError, …); `new GenEnvError('config', …)` makes a ConfigError too, so a
 * caller may test either `error.code` or `instanceof`.
 */
export class GenEnvError extends Error {
  readonly code: ErrorCode;
  readonly remedy?: Remedy;
  constructor(code: ErrorCode, message: string, options?: GenEnvErrorOptions) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options?.remedy) this.remedy = options.remedy;
    const kind = new.target === GenEnvError ? CLASS_OF_CODE.get(code) : undefined;
    if (kind) Object.setPrototypeOf(this, kind.prototype);
    this.name = kind?.name ?? new.target.name;
  }
}

/** A config (file or object) or one of its values is invalid. Code `config`. */
export class ConfigError extends GenEnvError {
  constructor(message: string, options?: GenEnvErrorOptions) {
    super('config', message, options);
  }
}

/** A call or command line asks for something that cannot be done as asked (a missing argument, a conflict). */
export class UsageError extends GenEnvError {
  constructor(message: string, options?: GenEnvErrorOptions) {
    super('usage', message, options);
  }
}

/** A folder to resume cannot be resumed: missing, not a run, corrupt, edited, or of the other kind. */
export class ResumeError extends GenEnvError {
  constructor(message: string, options?: GenEnvErrorOptions) {
    super('resume', message, options);
  }
}

/** A file genenv reads back (a run's or comparison's files, a task list) is missing or malformed. */
export class InvalidFileError extends GenEnvError {
  constructor(message: string, options?: GenEnvErrorOptions) {
    super('invalid-file', message, options);
  }
}

/** A run folder cannot be made, claimed, read or written. */
export class StoreError extends GenEnvError {
  constructor(message: string, options?: GenEnvErrorOptions) {
    super('store', message, options);
  }
}

/** A policy backend failed: a server down or answering badly, a checkpoint unreadable. */
export class PolicyError extends GenEnvError {
  constructor(message: string, options?: GenEnvErrorOptions) {
    super('policy', message, options);
  }
}

/** A domain could not be built or failed while it was used (its seeds or held-out draw threw). */
export class DomainError extends GenEnvError {
  constructor(message: string, options?: GenEnvErrorOptions) {
    super('domain', message, options);
  }
}

/** Benchmark data is missing or malformed. */
export class BenchmarkError extends GenEnvError {
  constructor(message: string, options?: GenEnvErrorOptions) {
    super('benchmark', message, options);
  }
}

/** A part this version does not have. */
export class NotAvailableError extends GenEnvError {
  constructor(message: string, options?: GenEnvErrorOptions) {
    super('not-available', message, options);
  }
}

/** A bug in genenv: a state it should never reach. */
export class InternalError extends GenEnvError {
  constructor(message: string, options?: GenEnvErrorOptions) {
    super('internal', message, options);
  }
}

for (const [code, kind] of [
  ['config', ConfigError],
  ['usage', UsageError],
  ['resume', ResumeError],
  ['invalid-file', InvalidFileError],
  ['store', StoreError],
  ['policy', PolicyError],
  ['domain', DomainError],
  ['benchmark', BenchmarkError],
  ['not-available', NotAvailableError],
  ['internal', InternalError],
] as const)
  CLASS_OF_CODE.set(code, kind);

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

/**
 * Why the file system refused, in words: a read-only file system, a permission, a full disk, a missing folder; null
 * for an error that is not one of those. Node reports these as `ENOENT … mkdir`, which names neither the cause nor the
 * folder a user must fix.
 */
export function fileSystemCause(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'EROFS':
      return 'the file system is read-only';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EDQUOT':
      return 'the disk quota is exhausted';
    case 'ENOTDIR':
      return 'a part of the path is a file, not a folder';
    case 'EEXIST':
      return 'a file of that name is in the way';
    case 'ENOENT':
      return 'a folder on the path does not exist';
    default:
      return null;
  }
}
