import { GenEnvError } from '../interfaces/index.ts';

/** Commander argument parser for a finite number; a bad value is one usage line. */
export function numberFlag(flag: string) {
  return (value: string): number => {
    const parsed = Number(value);
    if (value.trim() === '' || !Number.isFinite(parsed))
      throw new GenEnvError('usage', `${flag} expects a number, got "${value}"`);
    return parsed;
  };
}

/** Commander argument parser for an integer. */
export function integerFlag(flag: string) {
  return (value: string): number => {
    const parsed = numberFlag(flag)(value);
    if (!Number.isInteger(parsed)) throw new GenEnvError('usage', `${flag} expects an integer, got "${value}"`);
    return parsed;
  };
}

/** Commander argument parser for an integer of at least 1 (a count or a limit: 0 would do nothing). */
export function positiveIntegerFlag(flag: string) {
  return (value: string): number => {
    const parsed = integerFlag(flag)(value);
    if (parsed < 1) throw new GenEnvError('usage', `${flag} expects a positive integer, got "${value}"`);
    return parsed;
  };
}

/** Comma-separated list flag. */
export function listFlag(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
