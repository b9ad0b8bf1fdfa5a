/**
 * Observation texts. Simple rules (`You pick up the {o.name} from the {r.name}.`) are read from the
 * game's own grammar; the five list- and condition-driven rules of ALFWorld's `alfred.twl2` are
 * implemented here (same conditions, same order, same list punctuation), because evaluating the
 * grammar's embedded Python expressions would need a Python interpreter.
 */
import type { FactSet } from './facts.ts';
import type { GameGrammar } from './grammar.ts';
import { compareIds, type NameTable } from './names.ts';

/** Rules computed in code; the game grammar must still define them (checked by the loader). */
export const COMPUTED_RULES = [
  'look.feedback',
  'examineReceptacle.feedback',
  'examineObject.feedback',
  'inventory.feedback',
  'toggleObject.feedback',
] as const;

export interface FeedbackContext {
  facts: FactSet;
  names: NameTable;
  grammar: GameGrammar;
  agent: string;
  /** Placeholder name without `?` (`o`, `r`, `lend`) → object id. */
  variables: ReadonlyMap<string, string>;
}

/** TextWorld's list rendering: nothing / `x` / `x, y, and z`. */
export function displayList(items: readonly string[]): string {
  if (items.length === 0) return 'nothing';
  if (items.length === 1) return items[0]!;
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`;
}

function sortedIds(ids: Iterable<string>): string[] {
  return [...ids].sort(compareIds);
}

/** Expands `#rule#` references and `{x.name}` / `{x.indefinite}` / `{x.id}` fields of a grammar text. */
export function expand(text: string, context: FeedbackContext, depth = 0): string {
  if (depth > 20) throw new Error('grammar rules refer to each other in a cycle');
  // TextWorld turns the two characters `\n` of a rule into a newline.
  const withRules = text
    .replace(/\\n/g, '\n')
    .replace(/#([^#\s]+)#/g, (_, rule: string) => expandRule(rule, context, depth + 1));
  return withRules.replace(/\{(\w+)\.(name|indefinite|definite|id)\}/g, (whole, variable: string, field: string) => {
    const id = context.variables.get(variable);
    if (id === undefined) return whole;
    if (field === 'indefinite') return 'a';
    if (field === 'definite') return 'the';
    if (field === 'id') return id;
    return nameOf(id, context);
  });
}

function nameOf(id: string, context: FeedbackContext): string {
  return context.names.nameOf.get(id) ?? id;
}

function expandRule(rule: string, context: FeedbackContext, depth: number): string {
  switch (rule) {
    case 'look.feedback':
      return look(context);
    case 'examineReceptacle.feedback':
      return examineReceptacle(context);
    case 'examineObject.feedback':
      return examineObject(context);
    case 'inventory.feedback':
      return inventory(context);
    case 'toggleObject.feedback':
      return toggle(context);
  }
  const alternatives = context.grammar.rules.get(rule);
  if (!alternatives || alternatives.length === 0) throw new Error(`the grammar has no rule "${rule}"`);
  const unconditional = alternatives.find((alternative) => alternative.condition === undefined) ?? alternatives[0]!;
  return expand(unconditional.rhs, context, depth);
}

function variable(context: FeedbackContext, name: string): string {
  const id = context.variables.get(name);
  if (id === undefined) throw new Error(`feedback needs a bound "${name}"`);
  return id;
}

function agentLocation(context: FeedbackContext): string | undefined {
  return context.facts.withPredicate('atlocation').find((args) => args[0] === context.agent)?.[1];
}

function contentsOf(receptacle: string, context: FeedbackContext): string[] {
  const ids = context.facts
    .withPredicate('inreceptacle')
    .filter((args) => args[1] === receptacle)
    .map((args) => args[0]!);
  return sortedIds(ids).map((id) => `a ${nameOf(id, context)}`);
}

function examineReceptacle(context: FeedbackContext): string {
  const receptacle = variable(context, 'r');
  const name = nameOf(receptacle, context);
  const openable = context.facts.has('openable', [receptacle]);
  if (openable && context.facts.has('opened', [receptacle])) {
    return `The ${name} is open. In it, you see ${displayList(contentsOf(receptacle, context))}.`;
  }
  if (openable) return `The ${name} is closed.`;
  return `On the ${name}, you see ${displayList(contentsOf(receptacle, context))}.`;
}

function look(context: FeedbackContext): string {
  const location = agentLocation(context);
  const receptacleLocations = context.facts.withPredicate('receptacleatlocation');
  const here = sortedIds(receptacleLocations.filter((args) => args[1] === location).map((args) => args[0]!));
  if (location !== undefined && here.length > 0) {
    // One entry per (object, receptacle) pair, as the grammar's query enumerates them; `not_inreceptacle`
    // is a recorded negative fact (see applyEffect), not the absence of `inreceptacle`.
    const floor: string[] = [];
    const objectsHere = sortedIds(
      context.facts
        .withPredicate('objectatlocation')
        .filter((args) => args[1] === location)
        .map((args) => args[0]!),
    );
    for (const object of objectsHere) {
      for (const receptacle of here) {
        if (context.facts.has('not_inreceptacle', [object, receptacle])) floor.push(`a ${nameOf(object, context)}`);
      }
    }
    return (
      `You are facing the ${displayList(here.map((id) => nameOf(id, context)))}. Next to it, you see ` +
      `${displayList(floor)}.`
    );
  }
  const all = [...receptacleLocations].sort((a, b) => compareIds(a[0]!, b[0]!) || compareIds(a[1]!, b[1]!));
  return (
    `You are in the middle of a room. Looking quickly around you, you see ` +
    `${displayList(all.map((args) => `a ${nameOf(args[0]!, context)}`))}.`
  );
}

function inventory(context: FeedbackContext): string {
  if (!context.facts.has('holdsany', [context.agent])) return 'You are not carrying anything.';
  const held = sortedIds(
    context.facts
      .withPredicate('holds')
      .filter((args) => args[0] === context.agent)
      .map((args) => args[1]!),
  );
  return `You are carrying: ${displayList(held.map((id) => `a ${nameOf(id, context)}`))}.`;
}

function examineObject(context: FeedbackContext): string {
  const object = variable(context, 'o');
  const name = nameOf(object, context);
  const is = (predicate: string) => context.facts.has(predicate, [object]);
  if (is('isreceptacleobject')) {
    const inside = sortedIds(
      context.facts
        .withPredicate('inreceptacleobject')
        .filter((args) => args[1] === object)
        .map((args) => args[0]!),
    );
    return `This is a normal ${name}. In it, you see ${displayList(inside.map((id) => `a ${nameOf(id, context)}`))}.`;
  }
  const clean = is('isclean');
  const hot = is('ishot');
  const cool = is('iscool');
  const sliced = is('issliced');
  if (clean && hot && sliced) return `This is a hot and clean sliced ${name}.`;
  if (clean && cool && sliced) return `This is a cool and clean sliced ${name}.`;
  if (clean && sliced) return `This is a clean sliced ${name}.`;
  if (hot && sliced) return `This is a hot sliced ${name}.`;
  if (cool && sliced) return `This is a cool sliced ${name}.`;
  if (clean && hot) return `This is a hot and clean ${name}.`;
  if (clean && cool) return `This is a cool and clean ${name}.`;
  if (hot) return `This is a hot ${name}.`;
  if (clean) return `This is a clean ${name}.`;
  if (cool) return `This is a cold ${name}.`;
  if (is('toggleable') && is('istoggled')) return `This ${name} is on.`;
  if (is('toggleable') && is('not_istoggled')) return `This ${name} is off.`;
  if (is('sliceable') && sliced) return `This is a sliced ${name}.`;
  return `There's nothing special about ${name}.`;
}

function toggle(context: FeedbackContext): string {
  const object = variable(context, 'o');
  const name = nameOf(object, context);
  if (context.facts.has('toggleable', [object]) && context.facts.has('istoggled', [object]))
    return `You turn on the ${name}.`;
  if (context.facts.has('toggleable', [object])) return `You turn off the ${name}.`;
  return `You don't see any switch on the ${name}.`;
}
