/**
 * Evaluation of PDDL formulas and effects over a FactSet: what Fast Downward does for ALFWorld's
 * TextWorld engine, restricted to the ADL subset that the ALFRED domain uses.
 */
import type { FactSet } from './facts.ts';
import type { Atom, Effect, Formula, Parameter } from './pddl.ts';

/** Variable (`?x`) → object name. */
export type Binding = ReadonlyMap<string, string>;

/** The world a formula is evaluated in: facts plus the typed objects that quantifiers range over. */
export interface World {
  facts: FactSet;
  /** Object name → type. */
  types: ReadonlyMap<string, string>;
  /** Type → object names, in sorted order. */
  objectsOfType: ReadonlyMap<string, readonly string[]>;
}

function resolve(term: string, binding: Binding): string {
  return term.startsWith('?') ? (binding.get(term) ?? term) : term;
}

function groundArgs(atom: Atom, binding: Binding): string[] {
  return atom.args.map((arg) => resolve(arg, binding));
}

/** Truth of `formula` in `world` under `binding` (closed-world assumption). */
export function holds(formula: Formula, world: World, binding: Binding): boolean {
  switch (formula.kind) {
    case 'true':
      return true;
    case 'atom':
      return world.facts.has(formula.atom.predicate, groundArgs(formula.atom, binding));
    case 'equal':
      return resolve(formula.left, binding) === resolve(formula.right, binding);
    case 'not':
      return !holds(formula.part, world, binding);
    case 'and':
      return formula.parts.every((part) => holds(part, world, binding));
    case 'or':
      return formula.parts.some((part) => holds(part, world, binding));
    case 'imply':
      return !holds(formula.condition, world, binding) || holds(formula.consequence, world, binding);
    case 'exists': {
      // `exists ?r (exists ?o φ)` is searched as `exists ?r ?o φ`, so that φ's atoms bind both at once.
      const variables = [...formula.variables];
      let body = formula.body;
      while (
        body.kind === 'exists' &&
        body.variables.every((inner) => !variables.some((outer) => outer.name === inner.name))
      ) {
        variables.push(...body.variables);
        body = body.body;
      }
      for (const _ of satisfyingBindings(variables, body, world, binding)) return true;
      return false;
    }
    case 'forall': {
      for (const full of allBindings(formula.variables, world, binding))
        if (!holds(formula.body, world, full)) return false;
      return true;
    }
  }
}

/** Positive atoms of the top-level conjunction: the constraints used to bind variables from facts. */
function positiveAtoms(formula: Formula): Atom[] {
  if (formula.kind === 'atom') return [formula.atom];
  if (formula.kind === 'and') return formula.parts.flatMap(positiveAtoms);
  return [];
}

/**
 * Every assignment of `variables` (extending `binding`) that makes `formula` true, in a deterministic
 * order. Variables are bound by matching the formula's positive atoms against facts first (as
 * TextWorld's query engine does); any left are enumerated over the objects of their type.
 */
export function* satisfyingBindings(
  variables: readonly Parameter[],
  formula: Formula,
  world: World,
  binding: Binding,
): Generator<Map<string, string>> {
  const wanted = new Map(variables.map((variable) => [variable.name, variable.type]));
  const atoms = positiveAtoms(formula);

  function typeOk(name: string, value: string): boolean {
    const type = wanted.get(name);
    return type === undefined || world.types.get(value) === type;
  }

  function* matchAtoms(remaining: Atom[], current: Map<string, string>): Generator<Map<string, string>> {
    if (remaining.length === 0) {
      yield* enumerateRest(current);
      return;
    }
    // Most-constrained atom first: the one with fewest facts agreeing with what is bound so far.
    const patternOf = (atom: Atom) =>
      atom.args.map((term) => (!term.startsWith('?') ? term : (current.get(term) ?? binding.get(term))));
    let bestIndex = 0;
    let bestCount = Infinity;
    remaining.forEach((atom, index) => {
      const count = world.facts.candidateCount(atom.predicate, patternOf(atom));
      if (count < bestCount) [bestCount, bestIndex] = [count, index];
    });
    const atom = remaining[bestIndex]!;
    const rest = remaining.filter((_, index) => index !== bestIndex);
    for (const args of world.facts.candidates(atom.predicate, patternOf(atom))) {
      if (args.length !== atom.args.length) continue;
      const next = new Map(current);
      let ok = true;
      for (let position = 0; position < args.length && ok; position++) {
        const term = atom.args[position]!;
        const value = args[position]!;
        if (!term.startsWith('?')) ok = term === value;
        else if (next.has(term)) ok = next.get(term) === value;
        else if (wanted.has(term) && typeOk(term, value)) next.set(term, value);
        else if (binding.has(term)) ok = binding.get(term) === value;
        else ok = false;
      }
      if (ok) yield* matchAtoms(rest, next);
    }
  }

  function* enumerateRest(current: Map<string, string>): Generator<Map<string, string>> {
    const unbound = variables.find((variable) => !current.has(variable.name));
    if (!unbound) {
      const full = new Map(binding);
      for (const [name, value] of current) full.set(name, value);
      if (holds(formula, world, full)) yield full;
      return;
    }
    for (const value of world.objectsOfType.get(unbound.type) ?? []) {
      const next = new Map(current);
      next.set(unbound.name, value);
      yield* enumerateRest(next);
    }
  }

  // Variables already fixed by the caller's partial binding stay fixed.
  const initial = new Map<string, string>();
  for (const variable of variables) {
    const fixed = binding.get(variable.name);
    if (fixed !== undefined) {
      if (!typeOk(variable.name, fixed)) return;
      initial.set(variable.name, fixed);
    }
  }
  const relevant = atoms.filter((atom) => atom.args.some((arg) => wanted.has(arg) && !initial.has(arg)));
  yield* matchAtoms(relevant, initial);
}

function* allBindings(variables: readonly Parameter[], world: World, binding: Binding): Generator<Map<string, string>> {
  yield* satisfyingBindings(variables, { kind: 'true' }, world, binding);
}

/** Ground adds and deletes of an effect, conditions evaluated in the state before the action. */
export function groundEffect(
  effect: Effect,
  world: World,
  binding: Binding,
): { adds: string[][]; deletes: string[][]; conditional: boolean } {
  const adds: string[][] = [];
  const deletes: string[][] = [];
  let conditional = false;
  const visit = (node: Effect, current: Binding): void => {
    switch (node.kind) {
      case 'add':
        adds.push([node.atom.predicate, ...groundArgs(node.atom, current)]);
        return;
      case 'delete':
        deletes.push([node.atom.predicate, ...groundArgs(node.atom, current)]);
        return;
      case 'and':
        node.parts.forEach((part) => {
          visit(part, current);
        });
        return;
      case 'when':
        conditional = true;
        if (holds(node.condition, world, current)) visit(node.effect, current);
        return;
      case 'forall':
        conditional = true;
        for (const full of allBindings(node.variables, world, current)) visit(node.effect, full);
        return;
      case 'cost':
        return;
    }
  };
  visit(effect, binding);
  return { adds, deletes, conditional };
}

/**
 * Whether a grounded action changes nothing by construction: every add is one of its own positive
 * preconditions and every delete is re-added. Fast Downward's translator drops such operators, so
 * ALFWorld answers "Nothing happens." to them (e.g. going to a receptacle at the agent's location).
 */
export function isNoOp(
  precondition: Formula,
  effect: { adds: string[][]; deletes: string[][]; conditional: boolean },
  binding: Binding,
): boolean {
  if (effect.conditional) return false;
  const required = new Set(
    positiveAtoms(precondition).map((atom) => [atom.predicate, ...groundArgs(atom, binding)].join(' ')),
  );
  const added = new Set(effect.adds.map((parts) => parts.join(' ')));
  const realAdds = [...added].filter((key) => !required.has(key));
  const realDeletes = effect.deletes.map((parts) => parts.join(' ')).filter((key) => !added.has(key));
  return realAdds.length === 0 && realDeletes.length === 0;
}

/**
 * Applies ground adds and deletes (deletes first, so an atom both deleted and added stays, as in PDDL).
 * Like TextWorld's PddlState, a deleted atom leaves a `not_<predicate>` fact behind (removed when the
 * atom comes back); only the grammar's conditions read those, never the PDDL formulas.
 */
export function applyEffect(facts: FactSet, effect: { adds: string[][]; deletes: string[][] }): void {
  const added = new Set(effect.adds.map((parts) => parts.join(' ')));
  for (const [predicate, ...args] of effect.deletes) {
    if (added.has([predicate, ...args].join(' '))) continue;
    facts.delete(predicate!, args);
    facts.add(`not_${predicate}`, args);
  }
  for (const [predicate, ...args] of effect.adds) {
    facts.delete(`not_${predicate}`, args);
    facts.add(predicate!, args);
  }
}
