/**
 * Success of an agent on batches of instances in one `act` call: every instance attempted `samples` times, and per
 * batch the share of successful rollouts (0 for an empty batch) with the number of rollouts behind it.
 */
import type { AgentPolicy, Domain, SampleOptions, TaskInstance } from '../../src/index.ts';

export interface BatchSuccess {
  /** Share of successful rollouts, in [0, 1]. */
  successRate: number;
  rollouts: number;
}

export async function batchSuccess(
  agent: AgentPolicy,
  domain: Domain,
  batches: readonly (readonly TaskInstance[])[],
  sampling: Pick<SampleOptions, 'samples' | 'temperature' | 'seed'>,
): Promise<BatchSuccess[]> {
  const instances = batches.flat();
  const groups = await agent.act(
    instances.map((instance) => domain.render(instance)),
    sampling,
  );
  let offset = 0;
  return batches.map((members) => {
    let solved = 0;
    let rollouts = 0;
    members.forEach((instance, position) => {
      for (const completion of groups[offset + position]!) {
        rollouts++;
        solved += domain.score(instance, completion).success ? 1 : 0;
      }
    });
    offset += members.length;
    return { successRate: rollouts ? solved / rollouts : 0, rollouts };
  });
}
