/**
 * Edits of frontier task types, as ACCEL edits the levels it replays: a share of each epoch's fresh task types
 * (`editShare`) are random small edits (`edit-spec.ts`) of frontier parents — generated task types of the last epochs
 * drawn by their α-reward, as `contextParentShare` draws them — and, with `contextParentEdits`, a context with a parent
 * asks the simulator for one of the parent's edits, so that it learns which edit of a frontier task type lands near α
 * rather than writing a child from scratch. Both read the store, so a resumed run draws the same.
 */
import { GenEnvError, type Proposal, type SimulatorContext } from '../interfaces/index.ts';
import { Random, deriveSeed, stableId } from '../util/random.ts';
import { evidenceAim } from './evidence-aim.ts';
import { editChoices, editSpec, type GrammarWalker, grammarWalker } from './edit-spec.ts';
import { recentCandidates, withParents } from './parent-contexts.ts';
import { contextsFor, type RunContext } from './run-context.ts';
import type { RejectedProposal } from './task-type.ts';

/** How many edits a parent's context offers the simulator (`contextParentEdits`). */
export const EDIT_CHOICES = 32;

const walkers = new WeakMap<object, GrammarWalker>();

/** The domain's grammar walker (cached per domain); GenEnvError('config') for a domain without a spec grammar. */
function walkerOf(run: RunContext, option: string): GrammarWalker {
  let walker = walkers.get(run.domain);
  if (!walker) {
    const found = grammarWalker(run.domain);
    if (!found)
      throw new GenEnvError(
        'config',
        `${option} edits task types in the domain's spec grammar; domain ${run.domain.name} has none`,
      );
    walker = found;
    walkers.set(run.domain, walker);
  }
  return walker;
}

/**
 * How many of an epoch's fresh task types are random edits: round(editShare × tasksPerEpoch) from epoch 1 on, at most
 * `room` (what the frontier sampler leaves), in the variants that draw beside the simulator (`frontier: 'share'`); 0 in
 * the others and at epoch 0.
 */
export function editCountOf(run: RunContext, epoch: number, room: number): number {
  const { config, plan } = run;
  if (epoch === 0 || config.editShare === 0 || plan.frontier !== 'share') return 0;
  return Math.max(0, Math.min(room, Math.round(config.editShare * config.tasksPerEpoch)));
}

/**
 * `count` random edits of frontier parents for epoch `epoch`: contexts each carrying a parent drawn by its α-reward
 * (a seed task where no generated task type is assessed yet), and for each the proposal of an edit of its parent
 * (`policyVersion: 'edit'`), which answers it so the simulator can learn from it by RWR as from the frontier
 * sampler's draws. A parent with no edit is rejected with its reason.
 */
export function editProposals(
  run: RunContext,
  epoch: number,
  count: number,
): { contexts: SimulatorContext[]; proposals: Proposal[]; rejected: RejectedProposal[] } {
  const walker = walkerOf(run, 'editShare');
  const seeds = contextsFor(run, epoch, count, run.streams.editContexts(epoch));
  const candidates = recentCandidates(run, epoch, run.config.contextParentWindow);
  const contexts = withParents(
    run,
    seeds,
    candidates,
    seeds.length,
    deriveSeed(run.streams.editContexts(epoch), 'parents'),
    evidenceAim(run, epoch),
  );
  const random = new Random(run.streams.edits(epoch));
  const proposals: Proposal[] = [];
  const rejected: RejectedProposal[] = [];
  contexts.forEach((context, position) => {
    const spec = editSpec(run.domain, walker, context.seed.spec, random);
    const proposal = {
      id: stableId(['edit', epoch, position, context.id]),
      contextId: context.id,
      policyVersion: 'edit',
    };
    if (spec !== null) proposals.push({ ...proposal, raw: run.domain.formatSpec(spec), spec });
    else
      rejected.push({
        proposal: { ...proposal, raw: run.domain.formatSpec(context.seed.spec) },
        context,
        source: 'frontier',
        spec: null,
        family: null,
        reason: 'no edit of the parent found in the spec grammar',
      });
  });
  return { contexts, proposals, rejected };
}

/**
 * `contexts` whose seed is a frontier parent (its id starts `parent-`) given the parent's edits as choices
 * (`contextParentEdits`, up to EDIT_CHOICES distinct ones, drawn from the epoch's edit stream); the others unchanged.
 */
export function withParentEdits(
  run: RunContext,
  epoch: number,
  contexts: readonly SimulatorContext[],
): SimulatorContext[] {
  if (epoch === 0 || !run.config.contextParentEdits) return [...contexts];
  const walker = walkerOf(run, 'contextParentEdits');
  const seed = deriveSeed(run.streams.edits(epoch), 'choices');
  return contexts.map((context, index) => {
    if (!context.seed.id.startsWith('parent-')) return context;
    const choices = editChoices(
      run.domain,
      walker,
      context.seed.spec,
      EDIT_CHOICES,
      new Random(deriveSeed(seed, index)),
    );
    return choices.length > 0 ? { ...context, choices } : context;
  });
}
