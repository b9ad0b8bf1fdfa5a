import type { Domain } from '../../interfaces/domain.ts';
import type { SimulatorContext } from '../../interfaces/simulator.ts';
import { Tokenizer } from '../../models/tokenizer.ts';

/**
 * Prompt tokens: [begin, …text, separator], keeping the end of the text when it does not leave
 * `reserve` tokens of the context for the response.
 */
export function promptTokens(tokenizer: Tokenizer, text: string, contextLength: number, reserve: number): number[] {
  const body = tokenizer.encode(text);
  const room = Math.max(0, contextLength - reserve - 2);
  return [Tokenizer.begin, ...body.slice(Math.max(0, body.length - room)), Tokenizer.separator];
}

/** Recent success rounded to a tenth (what the simulator conditions on); "none" before any attempt. */
export function successBucket(recentSuccess: number | null): string {
  return recentSuccess === null ? 'none' : (Math.round(Math.min(1, Math.max(0, recentSuccess)) * 10) / 10).toFixed(1);
}

/**
 * The simulator's prompt text for one context: its history (each task type's p̂ rounded to a tenth, then its spec),
 * family, the seed spec, the knob values of the cell it writes in (when the frontier sampler drew one), recent success,
 * target α. The history comes first, so a text too long for the context loses
 * its oldest lines, never the seed or the target.
 */
export function simulatorContextText(domain: Domain, context: SimulatorContext): string {
  return [
    ...(context.history ?? []).map(
      (seen) => `seen ${successBucket(seen.successRate)}: ${domain.formatSpec(seen.spec)}`,
    ),
    `family: ${context.stats.family}`,
    `seed: ${domain.formatSpec(context.seed.spec)}`,
    ...(context.cell
      ? [
          `cell: ${Object.entries(context.cell)
            .map(([knob, value]) => `${knob} ${value}`)
            .join(', ')}`,
        ]
      : []),
    `recent: ${successBucket(context.stats.recentSuccess)}`,
    `target: ${context.targetSuccess.toFixed(1)}`,
  ].join('\n');
}
