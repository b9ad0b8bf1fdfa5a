/**
 * Dynamic sampling (DAPO, arXiv:2503.14476 §3.2; online difficulty filtering), the practitioner's baseline curriculum:
 * candidate task types — uniform draws over the domain's knobs (over its whole grammar where it has none), or the
 * proposals of the simulator as its warm start left it (`dynamic-frozen`, R-Zero's untrained challenger with its
 * filter) — are screened on a few rollouts and kept only when those outcomes are mixed (some solved, some not), the
 * only groups whose GRPO advantages are not all zero (with `screenBand` < 1, also only when their success share is
 * that close to α, as R-Zero's filter keeps); a kept task type then gets the rest of its n × G rollouts. The
 * screen's form is the config's: `screenVariations` variations × `screenSamples` rollouts each (DAPO's is one
 * variation's G rollouts; an agent that answers one instance almost the same way every time rarely disagrees with
 * itself there, so a screen spread over variations, as p̂ itself is, is the fair one to try). Screening spends the
 * epoch's rollout budget (tasksPerEpoch × n × G, what every other variant spends on its generated task types), so the
 * epoch trains on fewer task types when most candidates are always or never solved. The screened-out task types are
 * stored with their rollouts but train nothing.
 */
import type { RunConfig } from '../interfaces/index.ts';
import type { AttemptedTaskType, RejectedProposal, TaskType } from './task-type.ts';
import { attemptTaskTypes, type RolloutSettings } from './task-type-attempts.ts';
import { withFrontierParents } from './parent-contexts.ts';
import { contextsFor, type RunContext } from './run-context.ts';
import { proposeFrom, uniformProposals } from './task-source.ts';
import { type ValidationResult, validateProposals } from './validate.ts';

/** At most this many screening rounds an epoch: a bound on its wall time when almost every draw is screened out. */
export const MAX_SCREENING_ROUNDS = 64;

/** The rollouts an epoch's generated task types may spend: tasksPerEpoch × n × G, ≥ 1. */
export const rolloutBudget = (config: { tasksPerEpoch: number; variations: number; samples: number }): number =>
  config.tasksPerEpoch * config.variations * config.samples;

/** How a candidate is screened: its first `variations` variations, `samples` rollouts on each (both ≥ 1). */
export interface ScreenForm {
  variations: number;
  samples: number;
}

/** The config's screen: `screenVariations` (at most n) × `screenSamples` (at most G; G when unset). Pure. */
export const screenForm = (
  config: Pick<RunConfig, 'variations' | 'samples' | 'screenVariations' | 'screenSamples'>,
): ScreenForm => ({
  variations: Math.min(config.screenVariations, config.variations),
  samples: Math.min(config.screenSamples ?? config.samples, config.samples),
});

/**
 * How many candidates the next screening round draws: as many task types as the epoch still lacks, but no more than
 * the budget left can screen (`screenCost` rollouts each, ≥ 1); 0 ends the screening. All counts ≥ 0.
 */
export function screeningDraws(budgetLeft: number, kept: number, wanted: number, screenCost: number): number {
  return Math.max(0, Math.min(wanted - kept, Math.floor(budgetLeft / screenCost)));
}

/** A screen's outcomes are mixed: at least one success and one failure among its attempts. */
export const mixedOutcomes = (screen: { successes: number; attempts: number }): boolean =>
  screen.successes > 0 && screen.successes < screen.attempts;

/**
 * A screen passes: its outcomes are mixed, and its success share is within `band` of `alpha` (R-Zero keeps 3–7 of 10
 * correct, a band of 0.2 around ½; a band of 1 keeps every mixed screen, DAPO's rule). Pure.
 */
export const passesScreen = (
  screen: { successes: number; attempts: number },
  rule: { alpha: number; band: number } = { alpha: 0.5, band: 1 },
): boolean => mixedOutcomes(screen) && Math.abs(screen.successes / screen.attempts - rule.alpha) <= rule.band + 1e-12;

/**
 * Which screened candidates are kept, in draw order: those that pass the screen (`rule`; by default every mixed
 * one), while the epoch has room for them (`room` task types) and the budget left pays for the rest of their rollouts
 * (`restCost` each). Pure.
 */
export function keptScreens(
  screens: readonly { successes: number; attempts: number }[],
  budgetLeft: number,
  room: number,
  restCost: number,
  rule?: { alpha: number; band: number },
): boolean[] {
  let left = budgetLeft;
  let free = room;
  return screens.map((screen) => {
    if (!passesScreen(screen, rule) || free === 0 || left < restCost) return false;
    left -= restCost;
    free -= 1;
    return true;
  });
}

/** An epoch's task types after screening. */
export interface ScreenedEpoch {
  /** Kept task types with every variation attempted G times: they train the agent. */
  kept: AttemptedTaskType[];
  /** Screened-out task types with their screen's rollouts: stored, never trained on. */
  screenedOut: AttemptedTaskType[];
  /** Candidates the domain could not build or instantiate, with their reasons. */
  rejected: RejectedProposal[];
  /** Rollouts spent, screens included (≤ the budget). */
  rollouts: number;
}

/** The same task type with only some of its variations. */
const withInstances = (taskType: TaskType, instances: TaskType['instances']): TaskType => ({ ...taskType, instances });

/**
 * A kept task type's screen and the rest of its rollouts as one attempted task type: each variation's group holds its
 * screen's rollouts, then the further ones (their traces numbered on from the screen's), in the variations' order.
 * `parts` are attempts of some of `full`'s variations each (a part the agent answered nothing on is absent). Pure.
 */
export function joinedAttempts(full: TaskType, parts: readonly (AttemptedTaskType | undefined)[]): AttemptedTaskType {
  const present = parts.filter((part): part is AttemptedTaskType => part !== undefined);
  const groups: AttemptedTaskType['groups'] = [];
  const traces: AttemptedTaskType['traces'] = [];
  for (const instance of full.instances) {
    let group: AttemptedTaskType['groups'][number] | undefined;
    for (const part of present) {
      const position = part.instances.findIndex((candidate) => candidate.id === instance.id);
      if (position < 0) continue;
      const piece = part.groups[position]!;
      const offset = group?.completions.length ?? 0;
      traces.push(
        ...part.traces
          .filter((trace) => trace.instanceId === instance.id)
          .map((trace) => ({ ...trace, sample: offset + trace.sample })),
      );
      group = group
        ? {
            prompt: group.prompt,
            completions: [...group.completions, ...piece.completions],
            rewards: [...group.rewards, ...piece.rewards],
          }
        : piece;
    }
    if (group) groups.push(group);
  }
  return {
    ...present[0]!,
    instances: full.instances.filter((instance) => traces.some((trace) => trace.instanceId === instance.id)),
    groups,
    traces,
    successes: present.reduce((sum, part) => sum + part.successes, 0),
    attempts: present.reduce((sum, part) => sum + part.attempts, 0),
  };
}

/**
 * One screening round's candidates: `count` uniform draws, or `count` proposals of the simulator as it stands (never
 * updated in the variants that screen it), validated as the epoch's task types are.
 */
async function candidatesOf(run: RunContext, epoch: number, round: number, count: number): Promise<ValidationResult> {
  const { config, domain, streams } = run;
  const validation = {
    domain,
    variations: config.variations,
    source: 'dynamic' as const,
    instantiateSeed: (proposalId: string) => streams.instantiate(epoch, proposalId),
  };
  if (run.plan.screens === 'simulator') {
    const contexts = withFrontierParents(
      run,
      epoch,
      contextsFor(run, epoch, count, streams.dynamicContexts(epoch, round)),
    );
    const proposals = await proposeFrom(
      run.simulator,
      contexts,
      streams.dynamicPropose(epoch, round),
      config.simulatorTemperature,
    );
    return validateProposals(proposals, new Map(contexts.map((context) => [context.id, context])), validation);
  }
  const drawn = uniformProposals(domain, count, streams.dynamicDraws(epoch, round));
  const checked = validateProposals(drawn.proposals, new Map(), validation);
  return { valid: checked.valid, rejected: [...drawn.rejected, ...checked.rejected] };
}

/**
 * Epoch `epoch`'s generated task types by dynamic sampling: rounds of candidates, each screened on its first
 * variations and kept when mixed, until the epoch holds tasksPerEpoch task types, the rollout budget cannot screen
 * another candidate, or MAX_SCREENING_ROUNDS have run. Every draw, screen and rollout has its own random stream.
 */
export async function screenEpoch(
  run: RunContext,
  epoch: number,
  settings: Omit<RolloutSettings, 'seed'>,
): Promise<ScreenedEpoch> {
  const { config, domain, streams } = run;
  const budget = rolloutBudget(config);
  const form = screenForm(config);
  const screenCost = form.variations * form.samples;
  const restCost = config.variations * config.samples - screenCost;
  const attemptWith = (taskTypes: TaskType[], samples: number, seed: number) =>
    taskTypes.length
      ? attemptTaskTypes(run.agent, domain, taskTypes, { ...settings, config: { ...settings.config, samples }, seed })
      : Promise.resolve([]);
  const result: ScreenedEpoch = { kept: [], screenedOut: [], rejected: [], rollouts: 0 };
  for (let round = 0; round < MAX_SCREENING_ROUNDS; round++) {
    const draws = screeningDraws(budget - result.rollouts, result.kept.length, config.tasksPerEpoch, screenCost);
    if (draws === 0) break;
    const candidates = await candidatesOf(run, epoch, round, draws);
    result.rejected.push(...candidates.rejected);
    const screens = await attemptWith(
      candidates.valid.map((taskType) => withInstances(taskType, taskType.instances.slice(0, form.variations))),
      form.samples,
      streams.dynamicScreen(epoch, round),
    );
    result.rollouts += screens.reduce((sum, screen) => sum + screen.attempts, 0);
    const keep = keptScreens(screens, budget - result.rollouts, config.tasksPerEpoch - result.kept.length, restCost, {
      alpha: config.alpha,
      band: config.screenBand,
    });
    const keptOfRound = screens.filter((_, index) => keep[index]);
    result.screenedOut.push(...screens.filter((_, index) => !keep[index]));
    const fullOf = new Map(candidates.valid.map((taskType) => [taskType.id, taskType]));
    const fulls = keptOfRound.map((screen) => fullOf.get(screen.id)!);
    // The rest of a kept candidate's rollouts: G − screenSamples more on each screened variation, G on each other.
    const attemptScreenedRest = () =>
      attemptWith(
        form.samples < config.samples
          ? fulls.map((full) => withInstances(full, full.instances.slice(0, form.variations)))
          : [],
        config.samples - form.samples,
        streams.dynamicScreenRest(epoch, round),
      );
    const attemptOthers = () =>
      attemptWith(
        fulls
          .map((full) => withInstances(full, full.instances.slice(form.variations)))
          .filter((taskType) => taskType.instances.length > 0),
        config.samples,
        streams.dynamicRollout(epoch, round),
      );
    // Each call draws from its own stream, so both can be in flight (episodes of interactive domains one at a time).
    const [screenedRest, others] = domain.interactive
      ? [await attemptScreenedRest(), await attemptOthers()]
      : await Promise.all([attemptScreenedRest(), attemptOthers()]);
    const screenedRestOf = new Map(screenedRest.map((part) => [part.id, part]));
    const othersOf = new Map(others.map((part) => [part.id, part]));
    keptOfRound.forEach((screen, index) => {
      const joined = joinedAttempts(fulls[index]!, [screen, screenedRestOf.get(screen.id), othersOf.get(screen.id)]);
      result.rollouts += joined.attempts - screen.attempts;
      result.kept.push(joined);
    });
  }
  return result;
}
