/**
 * Writes ALFWorld game files (`game.tw-pddl` JSON) from a compact scene description: used for this
 * project's fixtures and for games rebuilt from expert transcripts. Object ids are mangled the ALFRED
 * way (`apple_bar__plus_00_dot_00_bar_...`) and ordered so that the demangler gives back the numbers
 * the scene names (`apple 3`).
 */
import { ALFRED_DOMAIN, alfredGrammar, type GrammarDialect } from './alfred-logic.ts';
import type { TaskType } from './game.ts';

/** A numbered thing of a kind (lower-case ALFRED type: `apple`, `sinkbasin`). */
export interface SceneThing {
  kind: string;
  number: number;
}

export interface SceneReceptacle extends SceneThing {
  openable?: boolean;
  opened?: boolean;
  contents?: SceneThing[];
  /** Receptacles with the same tag share one location (ALFWorld: "You are facing the cabinet 2, and cabinet 1"). */
  location?: string;
}

export interface SceneSpec {
  /** Problem name (ALFRED uses the trial id). */
  name: string;
  taskType: TaskType;
  /** Task sentence after "Your task is to: ". */
  task: string;
  /** Goal kinds: the object to move, its destination, the lamp for look_at_obj_in_light. */
  target: { object: string; receptacle?: string; toggle?: string };
  receptacles: SceneReceptacle[];
  walkthrough: string[];
  dialect: GrammarDialect;
  /** Receptacle kind → object kinds it cannot hold (all others can). */
  cannotContain?: Record<string, string[]>;
}

// Object properties by kind (ALFRED's action lists, for the kinds that occur in ALFWorld's tasks).
const HEATABLE = new Set(['apple', 'bread', 'cup', 'egg', 'mug', 'plate', 'potato', 'tomato']);
const COOLABLE = new Set([
  'apple',
  'bowl',
  'bread',
  'cup',
  'egg',
  'lettuce',
  'mug',
  'pan',
  'plate',
  'pot',
  'potato',
  'tomato',
  'winebottle',
]);
const CLEANABLE = new Set([
  'apple',
  'bowl',
  'butterknife',
  'cloth',
  'cup',
  'dishsponge',
  'egg',
  'fork',
  'kettle',
  'knife',
  'ladle',
  'lettuce',
  'mug',
  'pan',
  'plate',
  'pot',
  'potato',
  'soapbar',
  'spatula',
  'spoon',
  'tomato',
]);
const SLICEABLE = new Set(['apple', 'bread', 'lettuce', 'potato', 'tomato']);
const TOGGLEABLE = new Set(['desklamp', 'floorlamp']);

const pad = (value: number) => String(value).padStart(2, '0');

/** Mangled id of `kind number` given the kind's highest number (higher numbers sort first). */
function mangledId(kind: string, number: number, highest: number): string {
  const rank = highest - number;
  const coordinates =
    `_plus_${pad(rank)}_dot_${pad((rank * 37) % 100)}_bar_` + `_plus_00_dot_90_bar__minus_01_dot_${pad(number)}`;
  if (kind.endsWith('basin') && kind !== 'basin') {
    const base = kind.slice(0, -'basin'.length);
    return `${base}_bar_${coordinates}_bar_${base}basin`;
  }
  return `${kind}_bar_${coordinates}`;
}

/** The `pddl_problem` text of a scene. */
export function sceneProblem(scene: SceneSpec): string {
  const highest = new Map<string, number>();
  const note = (thing: SceneThing) => highest.set(thing.kind, Math.max(highest.get(thing.kind) ?? 0, thing.number));
  for (const receptacle of scene.receptacles) {
    note(receptacle);
    for (const item of receptacle.contents ?? []) note(item);
  }
  const receptacleKinds = new Set(scene.receptacles.map((receptacle) => receptacle.kind));
  const objectKinds = new Set([...highest.keys()].filter((kind) => !receptacleKinds.has(kind)));
  for (const kind of [scene.target.object, scene.target.toggle])
    if (kind && !objectKinds.has(kind) && !receptacleKinds.has(kind)) objectKinds.add(kind);
  if (scene.target.receptacle) receptacleKinds.add(scene.target.receptacle);
  const id = (thing: SceneThing) => mangledId(thing.kind, thing.number, highest.get(thing.kind) ?? thing.number);

  const objects: string[] = [];
  const init: string[] = [];
  // Every number up to the highest exists, placed or not, so that the demangler numbers as the scene says.
  for (const kind of [...objectKinds].sort()) {
    for (let number = 1; number <= (highest.get(kind) ?? 0); number++) {
      const object = mangledId(kind, number, highest.get(kind)!);
      objects.push(`${object} - object`);
      init.push(`(objectType ${object} ${kind}Type)`);
      if (!TOGGLEABLE.has(kind)) init.push(`(pickupable ${object})`);
      if (HEATABLE.has(kind)) init.push(`(heatable ${object})`);
      if (COOLABLE.has(kind)) init.push(`(coolable ${object})`);
      if (CLEANABLE.has(kind)) init.push(`(cleanable ${object})`);
      if (SLICEABLE.has(kind)) init.push(`(sliceable ${object})`);
      if (TOGGLEABLE.has(kind)) init.push(`(toggleable ${object})`);
    }
  }
  const locations = new Map<string, string>();
  const locationOf = (tag: string) => {
    if (!locations.has(tag)) locations.set(tag, `loc_bar_${pad(locations.size)}_bar__minus_2_bar_1_bar_45`);
    return locations.get(tag)!;
  };
  const start = locationOf('start');
  for (const receptacle of scene.receptacles) {
    const recep = id(receptacle);
    objects.push(`${recep} - receptacle`);
    init.push(`(receptacleType ${recep} ${receptacle.kind}Type)`);
    init.push(
      `(receptacleAtLocation ${recep} ${locationOf(receptacle.location ?? `${receptacle.kind} ${receptacle.number}`)})`,
    );
    if (receptacle.openable) init.push(`(openable ${recep})`);
    if (receptacle.openable && receptacle.opened) init.push(`(opened ${recep})`);
    for (const item of receptacle.contents ?? []) init.push(`(inReceptacle ${id(item)} ${recep})`);
  }
  for (const receptacleKind of [...receptacleKinds].sort()) {
    const forbidden = new Set(scene.cannotContain?.[receptacleKind] ?? []);
    for (const objectKind of [...objectKinds].sort()) {
      if (!forbidden.has(objectKind) && !TOGGLEABLE.has(objectKind))
        init.push(`(canContain ${receptacleKind}Type ${objectKind}Type)`);
    }
  }
  init.push(`(atLocation agent1 ${start})`);
  const typeObjects = [
    ...[...objectKinds].sort().map((kind) => `${kind}Type - otype`),
    ...[...receptacleKinds].sort().map((kind) => `${kind}Type - rtype`),
  ];
  for (const needed of ['sinkbasin', 'microwave', 'fridge'])
    if (!receptacleKinds.has(needed)) typeObjects.push(`${needed}Type - rtype`);
  for (const needed of ['knife', 'butterknife'])
    if (!objectKinds.has(needed)) typeObjects.push(`${needed}Type - otype`);
  return [
    `(define (problem plan_${scene.name})`,
    '(:domain alfred)',
    '(:objects',
    'agent1 - agent',
    ...typeObjects,
    ...objects,
    ...[...locations.values()].map((location) => `${location} - location`),
    ')',
    '(:init',
    ...init,
    ')',
    `(:goal ${goalFormula(scene)})`,
    ')',
  ].join('\n');
}

/** Goal of each task type, in the shape of ALFWorld's goal library. */
function goalFormula(scene: SceneSpec): string {
  const object = `${scene.target.object}Type`;
  const receptacle = `${scene.target.receptacle ?? ''}Type`;
  const placed = (extra: string) =>
    `(exists (?r - receptacle) (exists (?o - object) (and ${extra}(objectType ?o ${object}) (receptacleType ?r ` +
    `${receptacle}) (inReceptacle ?o ?r))))`;
  switch (scene.taskType) {
    case 'pick_and_place_simple':
      return placed('');
    case 'pick_clean_then_place_in_recep':
      return placed('(cleanable ?o) (isClean ?o) ');
    case 'pick_heat_then_place_in_recep':
      return placed('(heatable ?o) (isHot ?o) ');
    case 'pick_cool_then_place_in_recep':
      return placed('(coolable ?o) (isCool ?o) ');
    case 'pick_two_obj_and_place':
      return (
        `(exists (?r - receptacle) (exists (?o1 - object) (and (objectType ?o1 ${object}) (receptacleType ?r ` +
        `${receptacle}) (inReceptacle ?o1 ?r) ` +
        `(exists (?o2 - object) (and (not (= ?o1 ?o2)) (objectType ?o2 ${object}) (inReceptacle ?o2 ?r))))))`
      );
    case 'look_at_obj_in_light':
      return (
        `(and (exists (?ot - object ?r - receptacle ?a - agent ?l - location) (and (objectType ?ot ` +
        `${scene.target.toggle ?? 'desklamp'}Type) ` +
        '(toggleable ?ot) (isToggled ?ot) (receptacleAtLocation ?r ?l) (atLocation ?a ?l) (inReceptacle ?ot ?r))) ' +
        `(exists (?o - object ?a - agent) (and (objectType ?o ${object}) (holds ?a ?o))))`
      );
  }
}

/** The whole `game.tw-pddl` JSON object of a scene. */
export function sceneGameFile(scene: SceneSpec): Record<string, unknown> {
  return {
    pddl_domain: ALFRED_DOMAIN,
    grammar: alfredGrammar(scene.task, scene.dialect),
    pddl_problem: sceneProblem(scene),
    solvable: true,
    walkthrough: scene.walkthrough,
  };
}
