import { describe, expect, it } from 'vitest';
import { FactSet } from './facts.ts';
import { applyEffect, groundEffect, holds, isNoOp, satisfyingBindings, type World } from './logic.ts';
import { buildNameTable } from './names.ts';
import { parseDomain, parseFormula, parseProblem } from './pddl.ts';
import { parseSExpressions } from './sexpr.ts';

function world(facts: string[], objects: Record<string, string>): World {
  const types = new Map(Object.entries(objects));
  const objectsOfType = new Map<string, string[]>();
  for (const [name, type] of types) objectsOfType.set(type, [...(objectsOfType.get(type) ?? []), name].sort());
  return {
    facts: new FactSet(facts.map((fact) => ({ predicate: fact.split(' ')[0]!, args: fact.split(' ').slice(1) }))),
    types,
    objectsOfType,
  };
}
const formula = (text: string) => parseFormula(parseSExpressions(text)[0]!);

describe('PDDL logic', () => {
  const room = world(
    [
      'inreceptacle apple1 table1',
      'inreceptacle apple2 table1',
      'objecttype apple1 appletype',
      'objecttype apple2 appletype',
      'ishot apple2',
    ],
    { apple1: 'object', apple2: 'object', table1: 'receptacle', appletype: 'otype' },
  );

  it('evaluates quantifiers, equality, negation and implication', () => {
    expect(holds(formula('(exists (?o - object) (and (inReceptacle ?o table1) (isHot ?o)))'), room, new Map())).toBe(
      true,
    );
    expect(holds(formula('(exists (?o - object) (and (inReceptacle ?o table1) (isCool ?o)))'), room, new Map())).toBe(
      false,
    );
    expect(holds(formula('(forall (?o - object) (inReceptacle ?o table1))'), room, new Map())).toBe(true);
    expect(holds(formula('(forall (?o - object) (isHot ?o))'), room, new Map())).toBe(false);
    expect(
      holds(
        formula(
          '(exists (?a - object ?b - object) (and (objectType ?a AppleType) (objectType ?b AppleType) (not (= ?a ' +
            '?b))))',
        ),
        room,
        new Map(),
      ),
    ).toBe(true);
    expect(
      holds(formula('(exists (?a - object ?b - object) (and (isHot ?a) (isHot ?b) (not (= ?a ?b))))'), room, new Map()),
    ).toBe(false);
    expect(holds(formula('(imply (isHot apple1) (isCool apple1))'), room, new Map())).toBe(true);
    expect(holds(formula('()'), room, new Map())).toBe(true);
  });

  it('binds only objects of the declared type', () => {
    const found = [
      ...satisfyingBindings([{ name: '?x', type: 'receptacle' }], formula('(inReceptacle apple1 ?x)'), room, new Map()),
    ];
    expect(found.map((binding) => binding.get('?x'))).toEqual(['table1']);
    expect([
      ...satisfyingBindings([{ name: '?x', type: 'object' }], formula('(inReceptacle apple1 ?x)'), room, new Map()),
    ]).toEqual([]);
  });

  it('drops no-op groundings and leaves not_ facts behind deletes', () => {
    const domain = parseDomain(
      '(define (domain d) (:action go :parameters (?a - agent ?from - location ?to - location) :precondition ' +
        '(and (at ?a ?from)) :effect (and (not (at ?a ?from)) (at ?a ?to))))',
    );
    const go = domain.actions.get('go')!;
    const state = world(['at me here'], { me: 'agent', here: 'location', there: 'location' });
    const stay = new Map([
      ['?a', 'me'],
      ['?from', 'here'],
      ['?to', 'here'],
    ]);
    expect(isNoOp(go.precondition, groundEffect(go.effect, state, stay), stay)).toBe(true);
    const move = new Map([
      ['?a', 'me'],
      ['?from', 'here'],
      ['?to', 'there'],
    ]);
    const effect = groundEffect(go.effect, state, move);
    expect(isNoOp(go.precondition, effect, move)).toBe(false);
    applyEffect(state.facts, effect);
    expect(state.facts.snapshot()).toEqual(['at me there', 'not_at me here']);
  });

  it('parses problems and rejects broken ones with a reason', () => {
    const problem = parseProblem(
      '(define (problem p) (:domain alfred) (:objects a1 - agent l1 l2 - location) (:init (atLocation a1 l1) (= ' +
        '(distance l1 l2) 3)) (:goal (atLocation a1 l2)))',
    );
    expect([...problem.objects]).toEqual([
      ['a1', 'agent'],
      ['l1', 'location'],
      ['l2', 'location'],
    ]);
    expect(problem.init).toEqual([{ predicate: 'atlocation', args: ['a1', 'l1'] }]);
    expect(() => parseProblem('(define (problem p) (:objects a - agent))')).toThrow(/no \(:goal/);
    expect(() => parseSExpressions('(a))')).toThrow(/unbalanced/);
  });

  it('numbers names like the ALFWorld demangler: sorted ids, counting down per kind', () => {
    const table = buildNameTable([
      'cabinet_bar_02',
      'cabinet_bar_01',
      'sink_bar_1_bar_sinkbasin',
      'cabinet_bar_03',
      'agent1',
    ]);
    expect(table.nameOf.get('cabinet_bar_01')).toBe('cabinet 3');
    expect(table.nameOf.get('cabinet_bar_03')).toBe('cabinet 1');
    expect(table.nameOf.get('sink_bar_1_bar_sinkbasin')).toBe('sinkbasin 1');
    expect(table.idOf.get('cabinet 2')).toBe('cabinet_bar_02');
  });
});
