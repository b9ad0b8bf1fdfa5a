import type { z } from 'zod';
import type { InteractiveDomain } from './interaction.ts';
import type { SpecGrammar } from './spec-grammar.ts';
import type {
  AgentPrompt,
  Completion,
  Features,
  InstantiateResult,
  ParseResult,
  Score,
  SeedTask,
  TaskInstance,
} from './task.ts';

/** A difficulty knob of a domain: a categorical choice that a parametric simulator can learn to set. */
export interface Knob {
  name: string;
  description: string;
  /** Allowed values, ordered from easiest to hardest. */
  values: readonly (string | number)[];
}

/** A fixed, versioned evaluation set. */
export interface HeldOutSet<Payload = unknown> {
  name: string;
  version: string;
  instances: TaskInstance<Payload>[];
}

/**
 * A task family with executable verifiers. Every function is pure given its arguments (and `seed`),
 * so the same seed gives the same tasks. See docs/design.md §5.1.
 */
export interface Domain<Spec = unknown, Payload = unknown> {
  readonly name: string;
  readonly version: string;
  /** Schema of the spec the simulator must produce (validated at the edge). */
  readonly specSchema: z.ZodType<Spec>;
  /** Difficulty knobs, for parametric simulators. */
  readonly knobs: readonly Knob[];
  /** Builds a spec from knob values (one value per knob); `seed` fills the remaining free choices. */
  specFromKnobs(values: Record<string, string | number>, seed: number): ParseResult<Spec>;
  /**
   * The knob values a spec corresponds to (inverse of `specFromKnobs`), or null when it has none; lets a
   * parametric simulator warm-start on the seeds. Optional.
   */
  knobValuesOf?(spec: Spec): Record<string, string | number> | null;
  /**
   * A task type drawn from the world's whole grammar with no knowledge of difficulty, deterministic in `seed` (a
   * 31-bit integer): the draw the `uniform` baseline makes where the world declares no knobs. Each world's doc says
   * its distribution (the clauses world: the number of clauses uniform over 1..its most, then each clause uniform
   * among the 18). Optional; a world with knobs is drawn over them (`specFromKnobs`) instead.
   */
  drawSpec?(seed: number): Spec;
  /** The base dataset (fixed). */
  seeds(): SeedTask<Spec>[];
  /** Held-out evaluation sets (fixed, versioned). */
  heldOutSets(): HeldOutSet<Payload>[];
  /** n verified variations of a spec, or a reason why it cannot be executed. */
  instantiate(spec: Spec, n: number, seed: number): InstantiateResult<Payload>;
  /** Compact text of a spec: what a text simulator writes. `parseSpec(formatSpec(s))` gives s back. */
  formatSpec(spec: Spec): string;
  /**
   * The grammar of `formatSpec`'s compact text, for grammar-constrained simulators: every complete text it
   * accepts parses and instantiates. Optional; built once and cached by the domain.
   */
  specGrammar?(): SpecGrammar;
  /** Parses simulator text (compact form or JSON) and validates it against `specSchema`. */
  parseSpec(text: string): ParseResult<Spec>;
  /** The family a spec belongs to (for statistics and seed contexts). */
  family(spec: Spec): string;
  /** Difficulty features of a spec. */
  features(spec: Spec): Features;
  /** The prompt an agent sees for an instance. */
  render(instance: TaskInstance<Payload>): AgentPrompt;
  /**
   * Scores an agent's completion (response only, never prompt + response). For an interactive domain
   * the completion is an episode's actions, one per line, replayed from a fresh reset.
   */
  score(instance: TaskInstance<Payload>, completion: Completion): Score;
  /**
   * Present for multi-turn domains: the agent acts in episodes (reset, step, verdict) instead of writing
   * one response; `render` then gives the first turn's prompt. Absent for single-response domains.
   */
  readonly interactive?: InteractiveDomain<Payload>;
}
