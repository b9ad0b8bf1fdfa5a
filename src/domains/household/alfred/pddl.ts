/**
 * The parts of PDDL that ALFWorld's game files use: a typed domain with ADL preconditions and
 * conditional effects, and a problem with objects, initial atoms and a quantified goal.
 */
import { head, parseSExpressions, parseTypedList, type SExpression } from './sexpr.ts';

/** A predicate applied to arguments; `?x` arguments are variables, the others constants (object names). */
export interface Atom {
  predicate: string;
  args: string[];
}

export interface Parameter {
  name: string;
  type: string;
}

export type Formula =
  | { kind: 'true' }
  | { kind: 'atom'; atom: Atom }
  | { kind: 'equal'; left: string; right: string }
  | { kind: 'not'; part: Formula }
  | { kind: 'and'; parts: Formula[] }
  | { kind: 'or'; parts: Formula[] }
  | { kind: 'imply'; condition: Formula; consequence: Formula }
  | { kind: 'exists' | 'forall'; variables: Parameter[]; body: Formula };

export type Effect =
  | { kind: 'add' | 'delete'; atom: Atom }
  | { kind: 'and'; parts: Effect[] }
  | { kind: 'when'; condition: Formula; effect: Effect }
  | { kind: 'forall'; variables: Parameter[]; effect: Effect }
  | { kind: 'cost' };

export interface ActionSchema {
  /** Lower-cased action name (e.g. `gotolocation`). */
  name: string;
  parameters: Parameter[];
  precondition: Formula;
  effect: Effect;
}

export interface PddlDomain {
  name: string;
  predicates: Set<string>;
  actions: Map<string, ActionSchema>;
}

export interface PddlProblem {
  name: string;
  domain: string;
  /** Object name → type, in declaration order. */
  objects: Map<string, string>;
  /** Initial atoms (numeric fluents such as distances are dropped). */
  init: Atom[];
  goal: Formula;
}

/** Parses a PDDL domain. Throws `Error` with a one-line reason when it is not one. */
export function parseDomain(text: string): PddlDomain {
  const [root] = parseSExpressions(text);
  if (!Array.isArray(root) || head(root) !== 'define') throw new Error('the domain does not start with (define ...)');
  const nameClause = root[1];
  if (!Array.isArray(nameClause) || head(nameClause) !== 'domain' || typeof nameClause[1] !== 'string') {
    throw new Error('the domain has no (domain NAME) clause');
  }
  const domain: PddlDomain = { name: nameClause[1], predicates: new Set(), actions: new Map() };
  for (const section of root.slice(2)) {
    const kind = head(section);
    if (kind === ':predicates') {
      for (const predicate of (section as SExpression[]).slice(1)) {
        const name = head(predicate);
        if (name) domain.predicates.add(name);
      }
    } else if (kind === ':action') {
      const action = parseAction(section as SExpression[]);
      domain.actions.set(action.name, action);
    }
  }
  if (domain.actions.size === 0) throw new Error(`domain ${domain.name} declares no actions`);
  return domain;
}

function parseAction(section: SExpression[]): ActionSchema {
  const name = section[1];
  if (typeof name !== 'string') throw new Error('an action has no name');
  let parameters: Parameter[] = [];
  let precondition: Formula = { kind: 'true' };
  let effect: Effect = { kind: 'and', parts: [] };
  for (let index = 2; index < section.length; index += 2) {
    const key = section[index];
    const value = section[index + 1];
    if (value === undefined) throw new Error(`action ${name}: ${String(key)} has no value`);
    if (key === ':parameters') parameters = parseTypedList(asList(value, `action ${name} parameters`));
    else if (key === ':precondition') precondition = parseFormula(value);
    else if (key === ':effect') effect = parseEffect(value);
  }
  return { name, parameters, precondition, effect };
}

function asList(expression: SExpression, what: string): SExpression[] {
  if (!Array.isArray(expression)) throw new Error(`${what} is not a list`);
  return expression;
}

function parseAtom(expression: SExpression[]): Atom {
  const [predicate, ...args] = expression;
  if (typeof predicate !== 'string' || args.some((arg) => typeof arg !== 'string')) {
    throw new Error(`malformed atom ${JSON.stringify(expression)}`);
  }
  return { predicate, args: args as string[] };
}

/** Parses a goal or precondition formula. */
export function parseFormula(expression: SExpression): Formula {
  if (!Array.isArray(expression)) throw new Error(`a formula is a bare word "${expression}"`);
  if (expression.length === 0) return { kind: 'true' };
  const kind = head(expression);
  const rest = expression.slice(1);
  switch (kind) {
    case 'and':
      return { kind: 'and', parts: rest.map(parseFormula) };
    case 'or':
      return { kind: 'or', parts: rest.map(parseFormula) };
    case 'not':
      return { kind: 'not', part: parseFormula(rest[0] ?? []) };
    case 'imply':
      return { kind: 'imply', condition: parseFormula(rest[0] ?? []), consequence: parseFormula(rest[1] ?? []) };
    case 'exists':
    case 'forall':
      return {
        kind,
        variables: parseTypedList(asList(rest[0] ?? [], `${kind} variables`)),
        body: parseFormula(rest[1] ?? []),
      };
    case '=': {
      const [left, right] = rest;
      if (typeof left !== 'string' || typeof right !== 'string') throw new Error('malformed (= a b)');
      return { kind: 'equal', left, right };
    }
    default:
      if (!kind) throw new Error(`malformed formula ${JSON.stringify(expression)}`);
      return { kind: 'atom', atom: parseAtom(expression) };
  }
}

function parseEffect(expression: SExpression): Effect {
  if (!Array.isArray(expression)) throw new Error(`an effect is a bare word "${expression}"`);
  if (expression.length === 0) return { kind: 'and', parts: [] };
  const kind = head(expression);
  const rest = expression.slice(1);
  switch (kind) {
    case 'and':
      return { kind: 'and', parts: rest.map(parseEffect) };
    case 'not': {
      const inner = rest[0];
      if (!Array.isArray(inner)) throw new Error('malformed (not ...) effect');
      return { kind: 'delete', atom: parseAtom(inner) };
    }
    case 'when':
      return { kind: 'when', condition: parseFormula(rest[0] ?? []), effect: parseEffect(rest[1] ?? []) };
    case 'forall':
      return {
        kind: 'forall',
        variables: parseTypedList(asList(rest[0] ?? [], 'forall variables')),
        effect: parseEffect(rest[1] ?? []),
      };
    case 'increase':
    case 'decrease':
    case 'assign':
      return { kind: 'cost' };
    default:
      if (!kind) throw new Error(`malformed effect ${JSON.stringify(expression)}`);
      return { kind: 'add', atom: parseAtom(expression) };
  }
}

/** Parses a PDDL problem. Throws `Error` with a one-line reason when it is not one. */
export function parseProblem(text: string): PddlProblem {
  const [root] = parseSExpressions(text);
  if (!Array.isArray(root) || head(root) !== 'define') throw new Error('the problem does not start with (define ...)');
  const nameClause = root[1];
  if (!Array.isArray(nameClause) || head(nameClause) !== 'problem' || typeof nameClause[1] !== 'string') {
    throw new Error('the problem has no (problem NAME) clause');
  }
  let domain = '';
  const objects = new Map<string, string>();
  const init: Atom[] = [];
  let goal: Formula | undefined;
  for (const section of root.slice(2)) {
    const kind = head(section);
    const body = (section as SExpression[]).slice(1);
    if (kind === ':domain') domain = String(body[0] ?? '');
    else if (kind === ':objects') for (const { name, type } of parseTypedList(body)) objects.set(name, type);
    else if (kind === ':init') {
      for (const item of body) {
        // Numeric fluents `(= (distance a b) 3)` carry action costs only.
        if (!Array.isArray(item) || head(item) === '=') continue;
        init.push(parseAtom(item));
      }
    } else if (kind === ':goal') goal = parseFormula(body[0] ?? []);
  }
  if (objects.size === 0) throw new Error('the problem declares no objects');
  if (!goal) throw new Error('the problem has no (:goal ...)');
  return { name: nameClause[1], domain, objects, init, goal };
}
