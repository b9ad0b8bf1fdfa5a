/**
 * The grammar of the travel compact spec (see compact-spec.ts), in its canonical field order:
 *
 *   d<days>|c<cities>|p<1-8>|<loose|medium|tight>|x<0-2>[|h:<rule>][|r:<room>][|f:<cuisine>[,<cuisine>…]][|t:<rule>]
 *
 * Only trip shapes that can be (cities within minCities..maxCities of the days), distinct cuisines (at most three),
 * and no fixed places: with places left open the solver may pick any route, and the world is built so that every
 * combination of constraints has one (`world.test.ts` checks each), so every complete text parses and instantiates
 * for any seed. Fixed places stay possible in hand-written specs, where the solver may reject them with a reason.
 */
import type { SpecGrammar } from '../../interfaces/index.ts';
import { type ChoiceStep, choiceGrammar } from '../choice-grammar.ts';
import { CUISINES } from './checks/query.ts';
import {
  BUDGET_LEVELS,
  CITY_LEVELS,
  DAY_LEVELS,
  DISTRACTOR_LEVELS,
  HOUSE_RULE_CODES,
  MAX_CUISINES,
  MAX_PEOPLE,
  ROOM_TYPE_CODES,
  TRANSPORT_CODES,
  validShape,
} from './spec.ts';

const ORDER = ['|h:', '|r:', '|f:', '|t:'] as const;
const OPTIONS: Record<(typeof ORDER)[number], readonly string[]> = {
  '|h:': Object.keys(HOUSE_RULE_CODES),
  '|r:': Object.keys(ROOM_TYPE_CODES),
  '|f:': CUISINES,
  '|t:': Object.keys(TRANSPORT_CODES),
};

/** The travel spec grammar. */
export function travelGrammar(): SpecGrammar {
  return choiceGrammar((made): ChoiceStep => {
    if (made.length === 0) return { options: DAY_LEVELS.map((days) => `d${days}`), canEnd: false };
    if (made.length === 1) {
      const days = Number(made[0]!.slice(1));
      return {
        options: CITY_LEVELS.filter((cities) => validShape(days, cities)).map((cities) => `|c${cities}`),
        canEnd: false,
      };
    }
    if (made.length === 2)
      return { options: Array.from({ length: MAX_PEOPLE }, (_, index) => `|p${index + 1}`), canEnd: false };
    if (made.length === 3) return { options: BUDGET_LEVELS.map((level) => `|${level}`), canEnd: false };
    if (made.length === 4) return { options: DISTRACTOR_LEVELS.map((level) => `|x${level}`), canEnd: false };
    const rest = made.slice(5);
    const last = rest[rest.length - 1];
    const cuisines = rest
      .filter((segment) => segment.startsWith('|f:') || segment.startsWith(','))
      .map((segment) => segment.replace(/^(\|f:|,)/, ''));
    const lastField = [...rest]
      .reverse()
      .find((segment) => segment.startsWith('|'))
      ?.slice(0, 3);
    const next = ORDER.slice(lastField === undefined ? 0 : ORDER.indexOf(lastField as (typeof ORDER)[number]) + 1);
    const options = next.flatMap((field) => OPTIONS[field].map((value) => `${field}${value}`));
    const inCuisines = last !== undefined && (last.startsWith('|f:') || last.startsWith(','));
    const more =
      inCuisines && cuisines.length < MAX_CUISINES
        ? CUISINES.filter((cuisine) => !cuisines.includes(cuisine)).map((cuisine) => `,${cuisine}`)
        : [];
    return { options: [...more, ...options], canEnd: true };
  });
}
