import type { AgentPolicy, Domain, HeldOutSet, TaskInstance } from '../interfaces/index.ts';
import { safeScore } from './task-type-attempts.ts';
import type { EpochRecord } from './epoch-record.ts';
import { playEpisodes } from './episodes.ts';
import type { RunContext } from './run-context.ts';

/**
 * Whether epoch `epoch` (0 = the warm start) of a run of `epochs` epochs evaluates the held-out sets when they are
 * evaluated every `every` epochs: the warm start, every multiple of `every`, and the last epoch, so a run's final
 * figures never depend on the cadence. The evaluation draws from its own random stream, so skipping one changes no
 * training. Pure.
 */
export function evaluatesAt(epoch: number, every: number, epochs: number): boolean {
  return epoch === 0 || epoch >= epochs || epoch % every === 0;
}

/**
 * Held-out evaluation after the epoch's updates: the agent's greedy accuracy on each held-out set (none when the
 * agent is an external trainer, whose weights genenv does not hold, or when `evaluateEvery` skips the epoch).
 */
export async function evaluate(run: RunContext, record: EpochRecord): Promise<EpochRecord> {
  run.emit({ type: 'phase', epoch: record.epoch, phase: 'evaluate' });
  if (run.externalAgent) return record;
  if (!evaluatesAt(record.epoch, run.config.evaluateEvery, run.config.epochs)) return record;
  const { agent, domain, heldOut, config } = run;
  const seed = run.streams.heldOut(record.epoch);
  return { ...record, heldOutAccuracy: await evaluateHeldOut(agent, domain, heldOut, seed, config.heldOutLimit) };
}

/** The greedy outcome of every evaluated item of one held-out set. */
export interface HeldOutOutcomes {
  name: string;
  /** The items evaluated (the set's first `limit`), in order. */
  instances: readonly TaskInstance[];
  /** successes[i]: whether the agent solved instances[i]. */
  successes: boolean[];
}

/** Greedy outcomes (temperature 0, one sample) of the agent on each non-empty held-out set, item by item. */
export async function heldOutOutcomes(
  agent: AgentPolicy,
  domain: Domain,
  sets: readonly HeldOutSet[],
  seed: number,
  limit?: number,
): Promise<HeldOutOutcomes[]> {
  const results: HeldOutOutcomes[] = [];
  for (const set of sets) {
    const instances = limit === undefined ? set.instances : set.instances.slice(0, limit);
    if (instances.length === 0) continue;
    let successes: boolean[];
    if (domain.interactive) {
      const groups = await playEpisodes(agent, domain, instances, { samples: 1, seed, temperature: 0 });
      successes = instances.map((_, index) => groups[index]?.scores[0]?.success === true);
    } else {
      const prompts = instances.map((instance) => domain.render(instance));
      const completions = await agent.act(prompts, { samples: 1, seed, temperature: 0 });
      successes = instances.map((instance, index) => {
        const completion = completions[index]?.[0];
        return completion !== undefined && safeScore(domain, instance, completion).success;
      });
    }
    results.push({ name: set.name, instances, successes });
  }
  return results;
}

/** Greedy accuracy (temperature 0, one sample) of the agent on each held-out set, in [0, 1]. */
export async function evaluateHeldOut(
  agent: AgentPolicy,
  domain: Domain,
  sets: readonly HeldOutSet[],
  seed: number,
  limit?: number,
): Promise<Record<string, number>> {
  const accuracy: Record<string, number> = {};
  for (const set of await heldOutOutcomes(agent, domain, sets, seed, limit))
    accuracy[set.name] = set.successes.filter(Boolean).length / set.instances.length;
  return accuracy;
}
