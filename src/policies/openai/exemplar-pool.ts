/**
 * D_env for an API-only simulator (in-context RWR): weighted past generations, from which each prompt
 * draws k exemplars with probability ∝ weight (weights come from the loop as exp(λ·R_env), after the
 * k_min filter). The pool keeps the most recent `capacity` records: old ones describe an agent that has
 * since changed. Saved and loaded as JSON, exactly.
 */
import { z } from 'zod';
import type { Random } from '../../util/random.ts';

export const ExemplarSchema = z.object({
  family: z.string(),
  /** What the simulator wrote (canonical compact text of the spec, or free-form task text). */
  target: z.string(),
  /** The parsed spec, when known (shown as JSON in structured modes). */
  spec: z.unknown().optional(),
  /** p̂ of the task type; null for demonstrations (never attempted). */
  successRate: z.number().min(0).max(1).nullable(),
  /** R_env; null for demonstrations. */
  envReward: z.number().nullable(),
  /** Sampling weight ≥ 0. */
  weight: z.number().min(0),
});
export type Exemplar = z.infer<typeof ExemplarSchema>;

export const ExemplarPoolFileSchema = z
  .object({
    format: z.literal('genenv-exemplar-pool'),
    formatVersion: z.literal(1),
    version: z.number().int().min(0),
    capacity: z.number().int().min(1),
    exemplars: z.array(ExemplarSchema),
  })
  .strict();
export type ExemplarPoolFile = z.infer<typeof ExemplarPoolFileSchema>;

export class ExemplarPool {
  private items: Exemplar[] = [];

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.items.length;
  }

  /** Appends records; the oldest fall out beyond `capacity`. */
  add(exemplars: readonly Exemplar[]): void {
    this.items.push(...exemplars);
    if (this.items.length > this.capacity) this.items.splice(0, this.items.length - this.capacity);
  }

  all(): readonly Exemplar[] {
    return this.items;
  }

  /**
   * Up to k distinct exemplars drawn without replacement with probability ∝ weight, the context's own
   * family first (other families only fill the remainder). Zero-weight records are never drawn.
   */
  sample(k: number, family: string, random: Random): Exemplar[] {
    const chosen: Exemplar[] = [];
    for (const group of [
      this.items.filter((item) => item.family === family),
      this.items.filter((item) => item.family !== family),
    ]) {
      const candidates = group.filter((item) => item.weight > 0);
      while (chosen.length < k && candidates.length > 0) {
        const index = random.categorical(candidates.map((item) => item.weight));
        chosen.push(candidates[index]!);
        candidates.splice(index, 1);
      }
    }
    return chosen;
  }

  toFile(version: number): ExemplarPoolFile {
    return {
      format: 'genenv-exemplar-pool',
      formatVersion: 1,
      version,
      capacity: this.capacity,
      exemplars: this.items.slice(),
    };
  }

  /** Replaces the contents with a saved file's (validated by the caller). */
  restore(file: ExemplarPoolFile): void {
    this.items = file.exemplars.slice(-this.capacity);
  }
}
