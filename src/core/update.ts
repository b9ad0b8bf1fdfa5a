import type { SimulatorRecord, UpdateStats } from '../interfaces/index.ts';
import { rehearsalDemonstrations } from './rehearsal.ts';
import type { RunContext } from './run-context.ts';
import type { AssessedTaskType } from './task-type.ts';

/** `agent/loss`, …: a player's update statistics under its namespace, non-finite values dropped. */
export const namespaced = (prefix: string, stats: UpdateStats): Record<string, number> =>
  Object.fromEntries(
    Object.entries(stats)
      .filter(([, value]) => Number.isFinite(value))
      .map(([key, value]) => [`${prefix}/${key}`, value]),
  );

/**
 * Algorithm 1, step 5: GRPO on every on-policy group of the epoch (generated, replayed and base task types),
 * with `rehearsal` supervised pairs of D_train as committed so far (this epoch's traces join it at commit).
 */
export async function updateAgent(
  run: RunContext,
  epoch: number,
  attempted: readonly AssessedTaskType[],
): Promise<Record<string, number>> {
  const { config, store } = run;
  const groups = attempted.flatMap((taskType) => taskType.groups);
  const traces = config.rehearsal > 0 ? store.successfulTraces() : [];
  const rehearsal = rehearsalDemonstrations(
    run.domain,
    run.seeds,
    traces,
    config.rehearsal,
    config.rehearsalTraceShare,
    run.streams.rehearsal(epoch),
  );
  const stats = await run.agent.update({ groups, rehearsal }, { seed: run.streams.agentUpdate(epoch) });
  return { ...(config.rehearsal > 0 ? { 'pool/rehearsal': rehearsal.length } : {}), ...namespaced('agent', stats) };
}

/**
 * Algorithm 1, step 6: RWR on the simulator's own proposals of this epoch, each weighted by its assessment
 * (task types outside the band carry weight 0 and are left out).
 */
export async function updateSimulator(
  run: RunContext,
  epoch: number,
  generated: readonly AssessedTaskType[],
): Promise<Record<string, number>> {
  const records: SimulatorRecord[] = generated.flatMap(({ assessment, context, proposal, spec }) =>
    assessment.weight !== null && assessment.weight > 0 && context && proposal
      ? [
          {
            context,
            proposal,
            target: run.domain.formatSpec(spec),
            successRate: assessment.successRate,
            envReward: assessment.envReward,
            weight: assessment.weight,
          },
        ]
      : [],
  );
  const stats = await run.simulator.update({ records }, { seed: run.streams.simulatorUpdate(epoch) });
  return namespaced('simulator', stats);
}
