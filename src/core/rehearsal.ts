import type { Domain } from '../interfaces/domain.ts';
import type { AgentDemonstration } from '../interfaces/policy.ts';
import type { SuccessfulTrace } from '../interfaces/run-records.ts';
import { Random, deriveSeed } from '../util/random.ts';

/**
 * The agent's rehearsal for one update (paper §2.3, D_train = base data ∪ past valid traces): `count`
 * supervised pairs, round(count·traceShare) of them successful past traces drawn without replacement
 * (fewer when the pool holds fewer), the rest fresh instances of random seed tasks paired with their
 * reference answers. Deterministic in `seed`; seeds that fail to instantiate are skipped.
 *
 * @param count supervised pairs wanted, ≥ 0
 * @param traceShare share of them taken from `traces`, in [0, 1]
 */
export function rehearsalDemonstrations(
  domain: Domain,
  seeds: ReturnType<Domain['seeds']>,
  traces: readonly SuccessfulTrace[],
  count: number,
  traceShare: number,
  seed: number,
): AgentDemonstration[] {
  if (count <= 0) return [];
  const random = new Random(seed);
  const fromTraces = Math.min(traces.length, Math.round(count * traceShare));
  const picked = random.shuffle(traces.map((_, index) => index)).slice(0, fromTraces);
  const demonstrations: AgentDemonstration[] = picked.map((index) => ({
    prompt: domain.render(traces[index]!.instance),
    target: traces[index]!.text,
  }));
  if (seeds.length === 0) return demonstrations;
  // Base data: one fresh variation per draw; a bounded number of tries so that broken seeds cannot loop.
  for (let attempt = 0; demonstrations.length < count && attempt < 4 * count; attempt++) {
    const task = random.pick(seeds);
    const result = domain.instantiate(task.spec, 1, deriveSeed(seed, 'base', attempt));
    if (!result.ok || result.instances.length === 0) continue;
    const prompt = domain.render(result.instances[0]!);
    demonstrations.push({ prompt, target: prompt.reference.answer });
  }
  return demonstrations;
}
