/**
 * What every lab suite shares: its options, and how its table is printed (or its result as JSON with --json) and,
 * given --out DIR, written to DIR/<suite>.json and DIR/diagnostics/<suite>.json (which `genenv report DIR` shows).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Diagnostic, textTable } from '../src/internal.ts';

export interface DiagnosticOptions {
  json?: boolean;
  quick?: boolean;
  /** Seeds 1..n (grpo-step, parametric-steering, exploration). */
  seeds?: number;
  out?: string;
  /** Two run directories (curriculum, signal, transfer). */
  runs?: string[];
  /** The variants whose strongest final test-hard the rollouts to reach are read against (claim, pooled). */
  baselines?: string[];
  /** The preset a suite that runs genenv uses (served-trainer, warm-start-seeds); genenv run's default when unset. */
  preset?: string;
  /** The domain's world seed (warm-start-seeds); the preset's when unset. */
  worldSeed?: number;
  /** A config file over the preset, as genenv run's --config (warm-start-seeds). */
  config?: string;
  /** Also measure held-out accuracy (warm-start-seeds). */
  heldOut?: boolean;
}

/** A diagnostic's table as printed and as the report's Diagnostic (name, title, description, columns, rows). */
export interface Rendered {
  title: string;
  columns: string[];
  rows: string[][];
  /** Lines printed under the table; joined, they are the report's `finding`. */
  notes: string[];
}

/**
 * Prints the table (or the raw result as JSON with --json); with --out DIR also writes the raw result to
 * DIR/<suite>.json and the table to DIR/diagnostics/<suite>.json in the report's Diagnostic shape.
 */
export function emit(suite: string, result: unknown, options: DiagnosticOptions, render: () => Rendered): string {
  const rendered = render();
  if (options.out) {
    mkdirSync(join(options.out, 'diagnostics'), { recursive: true });
    writeFileSync(join(options.out, `${suite}.json`), `${JSON.stringify({ suite, ...(result as object) }, null, 1)}\n`);
    const diagnostic: Diagnostic = {
      name: suite,
      title: rendered.title,
      description: `npm run lab -- ${suite}${options.quick ? ' --quick' : ''}`,
      columns: rendered.columns,
      rows: rendered.rows,
      ...(rendered.notes.length ? { finding: rendered.notes.join(' ') } : {}),
    };
    writeFileSync(join(options.out, 'diagnostics', `${suite}.json`), `${JSON.stringify(diagnostic, null, 1)}\n`);
  }
  if (options.json) return JSON.stringify({ suite, ...(result as object) });
  return [rendered.title, textTable(rendered.columns, rendered.rows), ...rendered.notes].join('\n');
}

/** A number with `digits` decimals, or '–' when there is none. */
export const fixed = (value: number | null | undefined, digits = 3) =>
  value === null || value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits);
