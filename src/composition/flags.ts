import { GenEnvError } from '../interfaces/index.ts';

/** A decimal number as a person writes one: `3`, `-0.5`, `.25`, `2e-3` (no hex, binary, octal or Infinity). */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
/** An integer in decimal digits: `16`, `-3` (not `0x10`, `1e3` or `16.0`). */
const INTEGER = /^[+-]?\d+$/;

/** Commander argument parser for a finite number written in decimal; a bad value is one usage line. */
export function numberFlag(flag: string) {
  return (value: string): number => {
    const parsed = Number(value);
    if (!DECIMAL.test(value.trim()) || !Number.isFinite(parsed))
      throw new GenEnvError('usage', `${flag} expects a number, got "${value}"`);
    return parsed;
  };
}

/** Commander argument parser for an integer written in decimal digits (`--seed 0x10` is refused, not read as 16). */
export function integerFlag(flag: string) {
  return (value: string): number => {
    const parsed = Number(value);
    if (!INTEGER.test(value.trim()) || !Number.isSafeInteger(parsed))
      throw new GenEnvError('usage', `${flag} expects an integer, got "${value}"`);
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
