/**
 * The first issue of a failed zod parse, for errors and reasons that must stay one line. Zod reports every
 * issue; one is enough to fix the input, and the rest often follow from it.
 */
import type { z } from 'zod';

/** The first issue of `error`: its dotted path ('' at the root) and its message on one line. */
export function firstZodIssue(error: z.ZodError): { path: string; message: string } {
  const issue = error.issues[0];
  if (!issue) return { path: '', message: 'does not match its schema' };
  return { path: issue.path.map(String).join('.'), message: issue.message.split('\n')[0]! };
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
