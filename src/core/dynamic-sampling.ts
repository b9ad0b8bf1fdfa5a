/**
 * Dynamic sampling (DAPO, arXiv:2503.14476 §3.2; online difficulty filtering), the practitioner's baseline curriculum:
 * task types drawn uniformly over the domain's knobs (over its whole grammar where it has none) are screened on the G
 * rollouts of one variation and kept only when those outcomes are mixed (some solved, some not), the only groups whose
 * GRPO advantages are not all zero; a kept task type then gets its other n − 1 variations. Screening spends the
 * epoch's rollout budget (tasksPerEpoch × n × G, what every other variant spends on its generated task types), so the
 * epoch trains on fewer task types when most draws are always or never solved. The screened-out task types are stored
 * with their rollouts but train nothing.
 */
import type { AttemptedTaskType, RejectedProposal, TaskType } from './task-type.ts';
import { attemptTaskTypes, type RolloutSettings } from './attempt.ts';
import type { RunContext } from './run-context.ts';
import { uniformProposals } from './task-source.ts';
import { validateProposals } from './validate.ts';

/** At most this many screening rounds an epoch: a bound on its wall time when almost every draw is screened out. */
export const MAX_SCREENING_ROUNDS = 64;

/** The rollouts an epoch's generated task types may spend: tasksPerEpoch × n × G, ≥ 1. */
export const rolloutBudget = (config: { tasksPerEpoch: number; variations: number; samples: number }): number =>
  config.tasksPerEpoch * config.variations * config.samples;

/**
 * How many candidates the next screening round draws: as many task types as the epoch still lacks, but no more than
 * the budget left can screen (G rollouts each); 0 ends the screening. All counts ≥ 0.
 */
export function screeningDraws(budgetLeft: number, kept: number, wanted: number, samples: number): number {
  return Math.max(0, Math.min(wanted - kept, Math.floor(budgetLeft / samples)));
}

/** A screen's outcomes are mixed: at least one success and one failure among its attempts. */
export const mixedOutcomes = (screen: { successes: number; attempts: number }): boolean =>
  screen.successes > 0 && screen.successes < screen.attempts;

/**
 * Which screened candidates are kept, in draw order: those with mixed outcomes, while the epoch has room for them
 * (`room` task types) and the budget left pays for their other variations (`restCost` rollouts each). Pure.
 */
export function keptScreens(
  screens: readonly { successes: number; attempts: number }[],
  budgetLeft: number,
  room: number,
  restCost: number,
): boolean[] {
  let left = budgetLeft;
  let free = room;
  return screens.map((screen) => {
    if (!mixedOutcomes(screen) || free === 0 || left < restCost) return false;
    left -= restCost;
    free -= 1;
    return true;
  });
}

/** An epoch's task types after screening. */
export interface ScreenedEpoch {
  /** Kept task types with every variation attempted: they train the agent. */
  kept: AttemptedTaskType[];
  /** Screened-out task types with their one attempted variation: stored, never trained on. */
  screenedOut: AttemptedTaskType[];
  /** Draws the domain could not build or instantiate, with their reasons. */
  rejected: RejectedProposal[];
  /** Rollouts spent, screens included (≤ the budget). */
  rollouts: number;
}

/** The same task type with only some of its variations. */
const withInstances = (taskType: TaskType, instances: TaskType['instances']): TaskType => ({ ...taskType, instances });

/** A kept task type's screen and the rest of its rollouts as one attempted task type, the screen's group first. */
function joined(screen: AttemptedTaskType, rest: AttemptedTaskType | undefined, full: TaskType): AttemptedTaskType {
  if (!rest) return screen;
  return {
    ...screen,
    instances: full.instances,
    groups: [...screen.groups, ...rest.groups],
    traces: [...screen.traces, ...rest.traces],
    successes: screen.successes + rest.successes,
    attempts: screen.attempts + rest.attempts,
  };
}

/**
 * Epoch `epoch`'s generated task types by dynamic sampling: rounds of uniform draws, each screened on its first
 * variation and kept when mixed, until the epoch holds tasksPerEpoch task types, the rollout budget cannot screen
 * another draw, or MAX_SCREENING_ROUNDS have run. Every draw, screen and rollout has its own random stream.
 */
export async function screenEpoch(
  run: RunContext,
  epoch: number,
  settings: Omit<RolloutSettings, 'seed'>,
): Promise<ScreenedEpoch> {
  const { config, domain, streams } = run;
  const budget = rolloutBudget(config);
  const restCost = (config.variations - 1) * config.samples;
  const result: ScreenedEpoch = { kept: [], screenedOut: [], rejected: [], rollouts: 0 };
  for (let round = 0; round < MAX_SCREENING_ROUNDS; round++) {
    const draws = screeningDraws(budget - result.rollouts, result.kept.length, config.tasksPerEpoch, config.samples);
    if (draws === 0) break;
    const drawn = uniformProposals(domain, draws, streams.dynamicDraws(epoch, round));
    const checked = validateProposals(drawn.proposals, new Map(), {
      domain,
      variations: config.variations,
      source: 'dynamic',
      instantiateSeed: (proposalId) => streams.instantiate(epoch, proposalId),
    });
    result.rejected.push(...drawn.rejected, ...checked.rejected);
    const candidates = checked.valid;
    const screens = await attemptTaskTypes(
      run.agent,
      domain,
      candidates.map((taskType) => withInstances(taskType, taskType.instances.slice(0, 1))),
      { ...settings, seed: streams.dynamicScreen(epoch, round) },
    );
    result.rollouts += screens.reduce((sum, screen) => sum + screen.attempts, 0);
    const keep = keptScreens(screens, budget - result.rollouts, config.tasksPerEpoch - result.kept.length, restCost);
    const keptScreensOfRound = screens.filter((_, index) => keep[index]);
    result.screenedOut.push(...screens.filter((_, index) => !keep[index]));
    const fullOf = new Map(candidates.map((taskType) => [taskType.id, taskType]));
    const rests = await attemptTaskTypes(
      run.agent,
      domain,
      keptScreensOfRound.map((screen) => {
        const full = fullOf.get(screen.id)!;
        return withInstances(full, full.instances.slice(1));
      }),
      { ...settings, seed: streams.dynamicRollout(epoch, round) },
    );
    const restOf = new Map(rests.map((rest) => [rest.id, rest]));
    for (const screen of keptScreensOfRound) {
      const rest = restOf.get(screen.id);
      result.rollouts += rest?.attempts ?? 0;
      result.kept.push(joined(screen, rest, fullOf.get(screen.id)!));
    }
  }
  return result;
}
