import { type EpochExtra, namespaced, type SeedTask, type SimulatorDemonstration } from '../interfaces/index.ts';
import { Random } from '../util/random.ts';
import { warmStartAgent } from './agent-warm-start.ts';
import { contextsFor, type RunContext } from './run-context.ts';

/** SFT warm start of both players on the seeds, before epoch 0's evaluation. Returns its statistics (`warmstart/…`). */
export async function warmStart(run: RunContext): Promise<EpochExtra> {
  // The simulator's warm start starts first: a simulator that trains on a thread of its own (the built-in one) then
  // trains beside the agent. Neither reads the other's; a failure of the simulator's is reported after the agent's.
  const simulatorWarmStart = run.simulator.warmStart(simulatorDemonstrations(run), {
    seed: run.streams.warmStartSimulator(),
  });
  simulatorWarmStart.catch(() => undefined);
  const agent = await warmStartAgent({ ...run, measurable: !run.externalAgent });
  const simulatorStats = await simulatorWarmStart;
  return {
    ...namespaced('warmstart/agent', agent.stats),
    ...namespaced('warmstart/simulator', simulatorStats),
    'warmstart/demonstrations': agent.demonstrations,
    ...(agent.validation
      ? {
          'warmstart/validationInstances': agent.validation.instances,
          'warmstart/validationAccuracy': agent.validation.accuracy,
        }
      : {}),
  };
}

/**
 * The simulator learns to vary a seed: each context (a seed) is paired with another seed of the same family
 * as its target, so it writes new specs of that family rather than copying its context.
 */
function simulatorDemonstrations(run: RunContext): SimulatorDemonstration[] {
  const contexts = contextsFor(run, null, run.seeds.length, run.streams.warmStartContexts());
  const byFamily = new Map<string, SeedTask[]>();
  for (const seed of run.seeds) byFamily.set(seed.family, [...(byFamily.get(seed.family) ?? []), seed]);
  const random = new Random(run.streams.warmStartPairs());
  return contexts.map((context) => {
    const family = byFamily.get(context.seed.family)!;
    const others = family.length > 1 ? family.filter((seed) => seed.id !== context.seed.id) : family;
    const target = random.pick(others);
    return { context, target: run.domain.formatSpec(target.spec), spec: target.spec };
  });
}
