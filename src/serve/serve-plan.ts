import { GenEnvError, type RunConfig, type Variant } from '../interfaces/index.ts';

/** Variants a trainer can be served: their simulator proposes every epoch's task types, so there is a curriculum. */
const SERVED_VARIANTS: readonly Variant[] = ['genenv', 'random'];

/** What `genenv serve` does with a run config: what it hands out, and what it leaves to the trainer. */
export interface ServePlan {
  /** D_train instances handed out beside each epoch's fresh task types (epochs ≥ 1), as a share of them. */
  replayShare: number;
  /** Seed task types (base data) handed out beside them, as a share of them. */
  baseShare: number;
  /** What `genenv run`'s own agent does that the trainer does here. */
  trainerOwns: string[];
  /** One line per decision, printed at startup. */
  lines: string[];
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * Decides how a run config is served, or refuses it in one line. The service hands out everything
 * `genenv run` lets its agent attempt: the simulator's task types, and from epoch 1 on the replayed D_train
 * instances and the base data it adds to the agent's batch (each task type marked by `task.source`). Replay is
 * the service's because in the paper's loop it is on-policy: the current agent re-attempts D_train instances
 * and learns from those rollouts, which is what a trainer does with any episode it is handed. The agent's own
 * learning (warm start, GRPO, supervised rehearsal) and its held-out evaluation are the trainer's.
 */
export function servePlan(config: RunConfig): ServePlan {
  if (!SERVED_VARIANTS.includes(config.variant))
    throw new GenEnvError(
      'config',
      `genenv serve serves the simulator's curriculum (variant genenv or random); variant ${config.variant} ` +
        'is an in-process baseline: run it with genenv run',
    );
  const replayShare = config.replayFraction;
  const baseShare = config.baseFraction;
  const trainerOwns = [
    'its warm start',
    'its update on the groups it is handed (GRPO)',
    ...(config.rehearsal > 0 ? [`supervised rehearsal (genenv run's agent: ${config.rehearsal} D_train pairs)`] : []),
    'held-out evaluation',
  ];
  const extras = [
    ...(replayShare > 0 ? [`D_train replay (${percent(replayShare)} as many, task.source "replay")`] : []),
    ...(baseShare > 0 ? [`base data (${percent(baseShare)} as many, task.source "seed")`] : []),
  ];
  const lines = [
    `${config.preset} preset, variant ${config.variant}: epoch 0 and ${config.epochs} more, each ` +
      `${config.tasksPerEpoch} task types × ${config.variations} variations × G = ${config.samples} attempts`,
    extras.length
      ? `from epoch 1 on, beside the fresh task types, the service hands out ${extras.join(' and ')}, as ` +
        "genenv run adds them to its agent's batch"
      : 'no replay or base data: every task type comes from the simulator',
    `your trainer owns the agent: ${trainerOwns.join(', ')}`,
  ];
  return { replayShare, baseShare, trainerOwns, lines };
}
