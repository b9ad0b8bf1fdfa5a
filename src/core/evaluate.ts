import type { AgentPolicy, Domain, HeldOutSet } from '../interfaces/index.ts';
import { playEpisodes } from './episodes.ts';
import { safeScore } from './rollout.ts';

/** Greedy accuracy (temperature 0, one sample) of the agent on each held-out set, in [0, 1]. */
export async function evaluateHeldOut(
  agent: AgentPolicy,
  domain: Domain,
  sets: readonly HeldOutSet[],
  seed: number,
  limit?: number,
): Promise<Record<string, number>> {
  const accuracy: Record<string, number> = {};
  for (const set of sets) {
    const instances = limit === undefined ? set.instances : set.instances.slice(0, limit);
    if (instances.length === 0) continue;
    let correct = 0;
    if (domain.interactive) {
      const groups = await playEpisodes(agent, domain, instances, { samples: 1, seed, temperature: 0 });
      correct = groups.filter((group) => group.scores[0]?.success).length;
    } else {
      const prompts = instances.map((instance) => domain.render(instance));
      const completions = await agent.act(prompts, { samples: 1, seed, temperature: 0 });
      instances.forEach((instance, index) => {
        const completion = completions[index]?.[0];
        if (completion && safeScore(domain, instance, completion).success) correct++;
      });
    }
    accuracy[set.name] = correct / instances.length;
  }
  return accuracy;
}
