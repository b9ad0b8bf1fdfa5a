/**
 * One verified instance of a spec: a fresh world (seeded by spec, seed, variation and attempt), a question
 * composed in it, distractor documents, and the reference plan (one search per hop, then the answer)
 * proven by playing it in the environment. A world where some hop's document is not the first result of
 * its search, or where no question of the spec can be composed, is rejected with the reason and the next
 * world is tried; after WORLD_ATTEMPTS the spec is rejected with the last reason.
 */
import type { ParseResult, TaskInstance } from '../../interfaces/task.ts';
import { Random, deriveSeed, stableId } from '../../util/random.ts';
import { type SearchResult, formatSearchAction } from '../search/index.ts';
import { addDistractors } from './distractors.ts';
import { type MultihopPayload, multihopInteraction } from './episode.ts';
import { multihopFeatures } from './knobs.ts';
import { NameMaker } from './names.ts';
import { composeQuestion } from './questions.ts';
import { type MultihopSpec, familyOf, formatMultihopSpec } from './spec.ts';
import { NAME_POOLS, documentText, generateWorld } from './world.ts';

/** Worlds tried per variation before the spec is rejected. */
export const WORLD_ATTEMPTS = 6;

/**
 * Plays the plan of `instance` in a fresh episode: every search must show its hop's document (`hops`, in
 * plan order) as its first result (the compact prompt keeps only the best result of the search before
 * last) and leave the episode open, and the final answer must end it with reward 1.
 */
export function proveReferencePlan(
  instance: TaskInstance<MultihopPayload>,
  hops: readonly SearchResult[],
): ParseResult<true> {
  const { plan } = instance.payload;
  if (plan.length !== hops.length + 1)
    return { ok: false, reason: `a plan of ${plan.length} actions for ${hops.length} hops` };
  const environment = multihopInteraction.reset(instance);
  for (const [step, action] of plan.entries()) {
    const result = environment.step({ text: action });
    const hop = hops[step];
    if (hop === undefined) {
      if (!result.done) return { ok: false, reason: `${JSON.stringify(action)} does not end the episode` };
      break;
    }
    if (result.done) return { ok: false, reason: `${JSON.stringify(action)} ends the episode` };
    if (!result.observation.startsWith(`[1] ${hop.title}\n${hop.text}`))
      return { ok: false, reason: `${JSON.stringify(action)} does not find the document of ${hop.title} first` };
  }
  const verdict = environment.verdict();
  if (verdict.reward !== 1 || !verdict.success) return { ok: false, reason: 'the reference answer does not score 1' };
  return { ok: true, value: true };
}

/** One verified instance of `spec` (variation `index` of `seed`), or why none could be made. */
export function instantiateVariation(
  spec: MultihopSpec,
  seed: number,
  index: number,
): { ok: true; instance: TaskInstance<MultihopPayload> } | { ok: false; reason: string } {
  const text = formatMultihopSpec(spec);
  let reason = 'no attempt made';
  for (let attempt = 0; attempt < WORLD_ATTEMPTS; attempt++) {
    const random = new Random(deriveSeed(seed, 'multihop-world', text, index, attempt));
    const names = new NameMaker(random, NAME_POOLS);
    const world = generateWorld(random, names);
    const composed = composeQuestion(world, spec, random);
    if (!composed.ok) {
      reason = composed.reason;
      continue;
    }
    const { question, answer, hops, visited } = composed.value;
    const full = addDistractors(world, visited, spec.distractors, names, random);
    const documentOf = (entity: number): SearchResult => ({
      title: full.entities[entity]!.name,
      text: documentText(full, entity),
    });
    const documents = random.shuffle(full.entities.map((_, entity) => documentOf(entity)));
    const plan = [
      ...hops.map((hop) => formatSearchAction({ kind: 'search', query: hop.query })),
      formatSearchAction({ kind: 'answer', answer }),
    ];
    const instance: TaskInstance<MultihopPayload> = {
      id: `mh-${stableId({ spec: text, seed, index })}`,
      family: familyOf(spec),
      features: { ...multihopFeatures(spec), questionLength: question.length },
      payload: { spec: text, question, answer, documents, plan },
    };
    const proof = proveReferencePlan(
      instance,
      hops.map((hop) => documentOf(hop.entity)),
    );
    if (proof.ok) return { ok: true, instance };
    reason = `no reference plan: ${proof.reason}`;
  }
  return { ok: false, reason: `${text}: ${reason} (after ${WORLD_ATTEMPTS} worlds)` };
}
