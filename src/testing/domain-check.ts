import type { Completion, Domain, TaskInstance } from '../interfaces/index.ts';

/** What a world's check may be told beside the world itself. */
export interface DomainCheckOptions<Payload = unknown> {
  /** Completions close to the gold answer of `instance` but wrong; each must score 0. */
  nearMisses?(instance: TaskInstance<Payload>): Completion[];
  /** Texts that are not valid specs; each must be refused with a reason (besides the ones every world refuses). */
  invalidSpecTexts?: readonly string[];
  /** Whether the spec grammar started for a family (`initial(family)`) writes only specs of that family. */
  grammarKeepsFamilies?: boolean;
  /** Checks at most this many seeds, and held-out tasks of each set (a whole number ≥ 1; default all of them). */
  limit?: number;
}

/** The world a check looks at: one build of it, how to get a second (for determinism), and the options. */
export interface CheckedWorld {
  domain: Domain;
  /** Another build of the same world with the same options. */
  rebuild: () => Domain;
  options: DomainCheckOptions;
}

/** One check of the domain contract: a name that says what it holds, and the reasons a world breaks it. */
export interface DomainCheck {
  readonly name: string;
  /** One readable line for each way the world breaks the check; none when it keeps it. */
  reasons(world: CheckedWorld): Iterable<string>;
}

/** A check a world failed, and why, in one line. */
export interface FailedCheck {
  check: string;
  reason: string;
}

/** Reasons shown for one check; a world that breaks a check often breaks it the same way many times. */
const SHOWN_REASONS = 5;

/** The first line of what was thrown. */
export function thrownLine(error: unknown): string {
  return String(error instanceof Error ? error.message : error).split('\n')[0]!;
}

/**
 * The failures of one check: its first reasons (at most five, then one line saying more were found), and a check that
 * throws stops there, its error the last reason. Empty when the world keeps the check.
 */
export function failuresOf(check: DomainCheck, world: CheckedWorld): FailedCheck[] {
  const failures: FailedCheck[] = [];
  try {
    for (const reason of check.reasons(world)) {
      if (failures.length === SHOWN_REASONS) {
        failures.push({ check: check.name, reason: 'and more of the same check, not shown' });
        break;
      }
      failures.push({ check: check.name, reason });
    }
  } catch (error) {
    failures.push({ check: check.name, reason: `threw: ${thrownLine(error)}` });
  }
  return failures;
}
