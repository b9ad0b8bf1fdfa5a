/**
 * The first issue of a failed zod parse, for errors and reasons that must stay one line. Zod reports every
 * issue; one is enough to fix the input, and the rest often follow from it. An unknown key is named by its own path,
 * with the known key it most likely meant: `agent.option: unknown key; did you mean agent.options?`.
 */
import { z } from 'zod';
import { nearestName } from './nearest-name.ts';

/** The message of an unknown key, before the name it most likely meant. */
const UNKNOWN_KEY = 'unknown key';

/**
 * A zod error map for strict objects: an unknown key's message names the known key of the same object nearest it
 * (`unknown key; did you mean agent.options?`, the path written from the root of the parse), or is `unknown key`
 * when none is near. Other issues keep their messages. Give it to a strict object (`{ error: unknownKeyError }`) or
 * to a parse (`schema.safeParse(value, { error: unknownKeyError })`), where it serves every object of the schema.
 */
export function unknownKeyError(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'unrecognized_keys') return undefined;
  const known = issue.inst instanceof z.core.$ZodObject ? Object.keys(issue.inst._zod.def.shape) : [];
  const meant = issue.keys[0] === undefined ? undefined : nearestName(issue.keys[0], known);
  return meant === undefined
    ? UNKNOWN_KEY
    : `${UNKNOWN_KEY}; did you mean ${[...(issue.path ?? []), meant].join('.')}?`;
}

/**
 * The first issue of `error`: its dotted path ('' at the root) and its message on one line. An unknown key's issue
 * stands at the key itself, with the message of `unknownKeyError` (zod's own `Unrecognized key: …` becomes `unknown
 * key`); a message of the object's own (a removed option's) stands at the object.
 */
export function firstZodIssue(error: z.ZodError): { path: string; message: string } {
  const issue = error.issues[0];
  if (!issue) return { path: '', message: 'does not match its schema' };
  const message = issue.message.split('\n')[0]!;
  const unknownKey = issue.code === 'unrecognized_keys' && /^(Unrecognized keys?: |unknown key)/.test(message);
  if (!unknownKey) return { path: issue.path.map(String).join('.'), message };
  return {
    path: [...issue.path, issue.keys[0]].map(String).join('.'),
    message: message.startsWith(UNKNOWN_KEY) ? message : UNKNOWN_KEY,
  };
}

/**
 * The first issue of `error` on one line: `path: message`; at the root, `root: message`, or the bare message
 * when `root` is ''.
 */
export function describeZodError(error: z.ZodError, root = ''): string {
  const { path, message } = firstZodIssue(error);
  const where = path || root;
  return where ? `${where}: ${message}` : message;
}

/**
 * The first issue of a parse of the value at `at` in a run config (e.g. `agent.options`) on one line, its path
 * written under `at`: `agent.options.learningRate: Too small: …`, `agent.options: …` at the value itself.
 */
export function describeZodErrorAt(error: z.ZodError, at: string): string {
  const { path, message } = firstZodIssue(error);
  return `${path ? `${at}.${path}` : at}: ${message}`;
}
