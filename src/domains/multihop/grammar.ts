/**
 * The grammar of the multihop compact spec (see spec.ts), segment by segment:
 *
 *   form  |relation  >relation …  [|relation >relation …]  |d<0-4>  |p<0-3>
 *
 * A relation is offered only where it continues the walk (it starts from the kind the previous one leads
 * to, no pair loops back) and the path can still be finished: a bridge takes 2–4 relations, a comparison's
 * first path ends with a value within 3 relations and its second path with the same value within the hops
 * left. Every complete text is then a valid spec, and every valid spec instantiates (questions.ts tries every
 * start entity, instantiate.ts fresh worlds). Started for a family (spec.ts `familyOf`), only that family's
 * form opens the spec, and a bridge's path only ends as the family says (with a value or with an entity).
 */
import type { SpecGrammar } from '../../interfaces/index.ts';
import { type ChoiceStep, choiceGrammar } from '../choice-grammar.ts';
import {
  type Ending,
  RELATION_NAMES,
  type RelationName,
  completesWithin,
  endsAs,
  isValueRelation,
  mayFollow,
} from './catalogue.ts';
import { PARAPHRASE_LEVELS } from './phrases.ts';
import { FORMS, MAX_DISTRACTORS, MAX_HOPS, MIN_HOPS } from './spec.ts';

const levels = (prefix: string, count: number) => Array.from({ length: count }, (_, level) => `${prefix}${level}`);
const DISTRACTOR_OPTIONS = levels('|d', MAX_DISTRACTORS + 1);
const PARAPHRASE_OPTIONS = levels('|p', PARAPHRASE_LEVELS);
const isKnob = (segment: string) => /^\|[dp]\d$/.test(segment);

/** The relations that may follow `previous` (undefined: a path's start) and satisfy `keep`, as segments. */
function relationOptions(
  prefix: '|' | '>',
  previous: RelationName | undefined,
  keep: (next: RelationName) => boolean,
): string[] {
  return RELATION_NAMES.filter((next) => mayFollow(previous, next) && keep(next)).map((next) => `${prefix}${next}`);
}

/** What may follow a bridge's path so far, for a path that must end as `ending`. */
function bridgeStep(path: readonly RelationName[], ending: Ending): string[] {
  if (path.length === 0)
    return relationOptions(
      '|',
      undefined,
      (next) => !isValueRelation(next) && completesWithin(next, MAX_HOPS - 1, ending),
    );
  const last = path[path.length - 1]!;
  const room = MAX_HOPS - path.length;
  const more =
    !isValueRelation(last) && room > 0
      ? relationOptions(
          '>',
          last,
          (next) => endsAs(next, ending) || (!isValueRelation(next) && completesWithin(next, room - 1, ending)),
        )
      : [];
  return [...more, ...(path.length >= MIN_HOPS && endsAs(last, ending) ? DISTRACTOR_OPTIONS : [])];
}

/** What may follow a comparison's paths so far (the first ends with a value; the second with the same one). */
function comparisonStep(paths: readonly (readonly RelationName[])[]): string[] {
  const [left = [], right] = paths;
  const leftLast = left[left.length - 1];
  // The first path leaves at least one hop for the second.
  const leftRoom = MAX_HOPS - 1;
  if (right === undefined) {
    if (leftLast !== undefined && isValueRelation(leftLast)) {
      const room = MAX_HOPS - left.length;
      return relationOptions(
        '|',
        undefined,
        (next) => next === leftLast || (!isValueRelation(next) && completesWithin(next, room - 1, leftLast)),
      );
    }
    const prefix = left.length === 0 ? '|' : '>';
    const room = leftRoom - left.length;
    return relationOptions(prefix, leftLast, (next) =>
      isValueRelation(next) ? room >= 1 : completesWithin(next, room - 1, 'value'),
    );
  }
  const compared = leftLast!;
  const rightLast = right[right.length - 1]!;
  if (rightLast === compared) return DISTRACTOR_OPTIONS;
  const room = MAX_HOPS - left.length - right.length;
  return relationOptions('>', rightLast, (next) =>
    next === compared ? room >= 1 : !isValueRelation(next) && completesWithin(next, room - 1, compared),
  );
}

/** The forms a family allows and how a bridge's path must end; every form and ending for '' or an unknown family. */
function familyScope(family: string): { forms: readonly string[]; ending: Ending } {
  if (family === 'bridge-number') return { forms: ['bridge'], ending: 'value' };
  if (family === 'bridge-entity') return { forms: ['bridge'], ending: 'entity' };
  if (family === 'compare-which') return { forms: ['which'], ending: 'any' };
  if (family === 'compare-yesno') return { forms: ['yesno'], ending: 'any' };
  return { forms: FORMS, ending: 'any' };
}

/** The multihop spec grammar. */
export function multihopGrammar(): SpecGrammar {
  return choiceGrammar((made, family): ChoiceStep => {
    const scope = familyScope(family);
    if (made.length === 0) return { options: scope.forms, canEnd: false };
    const knobs = made.slice(1).filter(isKnob);
    if (knobs.length === 1) return { options: PARAPHRASE_OPTIONS, canEnd: false };
    if (knobs.length === 2) return { options: [], canEnd: true };
    const paths: RelationName[][] = [];
    for (const segment of made.slice(1)) {
      const relation = segment.slice(1) as RelationName;
      if (segment.startsWith('|')) paths.push([relation]);
      else paths[paths.length - 1]!.push(relation);
    }
    const options = made[0] === 'bridge' ? bridgeStep(paths[0] ?? [], scope.ending) : comparisonStep(paths);
    return { options, canEnd: false };
  });
}
