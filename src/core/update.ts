import { type EpochExtra, namespaced, type SimulatorRecord } from '../interfaces/index.ts';
import type { EpochRecord } from './epoch-record.ts';
import { rehearsalDemonstrations } from './rehearsal.ts';
import type { RunContext } from './run-context.ts';
import type { AssessedTaskType } from './task-type.ts';
import { countsAsSynthetic } from './variants.ts';

/**
 * Algorithm 1, steps 5–6: the agent learns from every rollout of the epoch, unless an external trainer trains it;
 * the simulator, where its variant trains it, from its own proposals, at the same time. The epoch's generated
 * instances count as synthetic samples when its source is synthetic. Epoch 0 evaluates the warm start: it updates
 * neither player.
 */
export async function update(run: RunContext, record: EpochRecord): Promise<EpochRecord> {
  const { epoch } = record;
  if (epoch === 0) return record;
  const extra = { ...record.extra };
  // The simulator's update starts first: neither player's update reads the other's, and a simulator that trains on
  // a thread of its own (the built-in one) then trains beside the agent. Its failure is reported after the agent's.
  // Its phase covers what it does before it lets the agent start, and what is left of it after the agent's.
  if (run.plan.updatesSimulator) run.emit({ type: 'phase', epoch, phase: 'update-simulator' });
  const simulatorUpdate = run.plan.updatesSimulator ? updateSimulator(run, epoch, record.generated) : null;
  simulatorUpdate?.catch(() => undefined);
  if (!run.externalAgent) {
    run.emit({ type: 'phase', epoch, phase: 'update-agent' });
    Object.assign(extra, await updateAgent(run, epoch, [...record.generated, ...record.replayAndBase]));
  }
  const syntheticInstances = countsAsSynthetic(record.source)
    ? record.generated.reduce((sum, taskType) => sum + taskType.instances.length, 0)
    : 0;
  if (simulatorUpdate) {
    run.emit({ type: 'phase', epoch, phase: 'update-simulator' });
    Object.assign(extra, await simulatorUpdate);
  }
  return { ...record, extra, syntheticInstances };
}

/**
 * Algorithm 1, step 5: GRPO on every on-policy group of the epoch (generated, replayed and base task types),
 * with `rehearsal` supervised pairs of D_train as committed so far (this epoch's traces join it at commit).
 */
async function updateAgent(
  run: RunContext,
  epoch: number,
  attempted: readonly AssessedTaskType[],
): Promise<EpochExtra> {
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
 * The labels the loop writes as the policy version of the proposals it builds itself (knob draws, grammar draws, random
 * edits, seed tasks, dataset specs): a proposal with another version was written by a simulator.
 */
const LOOP_WRITERS: ReadonlySet<string> = new Set(['frontier', 'uniform', 'edit', 'seed', 'dataset']);

/** Whether the simulator wrote this task type's proposal itself (not a draw or an edit the loop made for it). */
export const writtenBySimulator = (taskType: Pick<AssessedTaskType, 'proposal'>): boolean =>
  taskType.proposal !== null && !LOOP_WRITERS.has(taskType.proposal.policyVersion);

/**
 * Algorithm 1, step 6: RWR on the generated task types of this epoch that answer a simulator context — with
 * `simulatorRecords: 'own'` only those the simulator wrote itself, not the draws and edits made beside it — each
 * weighted by its assessment (task types outside the band carry weight 0 and are left out).
 */
async function updateSimulator(
  run: RunContext,
  epoch: number,
  generated: readonly AssessedTaskType[],
): Promise<EpochExtra> {
  const trainsOn =
    run.config.simulatorRecords === 'own' ? generated.filter((taskType) => writtenBySimulator(taskType)) : generated;
  const records: SimulatorRecord[] = trainsOn.flatMap(({ assessment, context, proposal, spec }) =>
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
  // How many task types trained it, and how many were in the band: an empty update says why (none in band).
  return {
    'simulator/records': records.length,
    'simulator/inBand': generated.filter(({ assessment }) => assessment.inBand).length,
    ...namespaced('simulator', stats),
  };
}
