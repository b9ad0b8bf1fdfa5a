/**
 * A concrete scene of a household spec, drawn with a seeded random stream: the search receptacles (the
 * closed ones of openable kinds), the target(s) at the spec's place in the search order, distractor
 * objects, the destination (or the lamp holder with its desk lamp) and the appliance the task needs.
 */
import type { Random } from '../../util/random.ts';
import type { SceneReceptacle, SceneSpec, SceneThing } from './alfred/scene.ts';
import { APPLIANCE, DISTRACTOR_KINDS, OPENABLE, SEARCH_KINDS, TASK_TYPE_OF, taskSentence } from './catalogue.ts';
import type { HouseholdSpec } from './spec.ts';

/** A scene and the names the planner needs. */
export interface HouseholdScene {
  scene: SceneSpec;
  /** Search receptacles (`drawer 2`) in the order the room description lists them. */
  searchOrder: string[];
  /** Destination (`safe 1`), or for `look` the lamp holder. */
  destination: string;
  /** Appliance (`sinkbasin 1`) of clean/heat/cool tasks. */
  appliance: string | null;
}

const nameOf = (thing: SceneThing) => `${thing.kind} ${thing.number}`;

/** The engine lists receptacles by kind, then by number from the highest (ALFRED's id order). */
function listingOrder(receptacles: readonly SceneReceptacle[]): SceneReceptacle[] {
  return [...receptacles].sort((a, b) => (a.kind === b.kind ? b.number - a.number : a.kind < b.kind ? -1 : 1));
}

/** Numbers receptacles of a kind 1, 2, … in draw order. */
function numbered(kinds: readonly string[], closedKinds: ReadonlySet<number>): SceneReceptacle[] {
  const counts = new Map<string, number>();
  return kinds.map((kind, index) => {
    const number = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, number);
    return closedKinds.has(index) ? { kind, number, openable: true, contents: [] } : { kind, number, contents: [] };
  });
}

/** Draws the scene of `spec` from `random` (pure in spec and the stream's seed). */
export function buildScene(spec: HouseholdSpec, random: Random): HouseholdScene {
  const openKinds = SEARCH_KINDS.filter((kind) => !OPENABLE.has(kind) && kind !== spec.destination);
  const closedKinds = SEARCH_KINDS.filter((kind) => OPENABLE.has(kind) && kind !== spec.destination);
  const kinds = [
    ...Array.from({ length: spec.closed }, () => random.pick(closedKinds)),
    ...Array.from({ length: spec.receptacles - spec.closed }, () => random.pick(openKinds)),
  ];
  const search = numbered(kinds, new Set(kinds.map((_, index) => index).filter((index) => index < spec.closed)));
  const order = listingOrder(search);
  const target = order[spec.position - 1]!;
  target.contents!.push({ kind: spec.object, number: 1 });
  if (spec.task === 'two') {
    const second = order[random.int(spec.position - 1, order.length - 1)]!;
    second.contents!.push({ kind: spec.object, number: 2 });
  }
  const destination: SceneReceptacle = {
    kind: spec.destination,
    number: 1,
    ...(OPENABLE.has(spec.destination) ? { openable: true } : {}),
    contents: spec.task === 'look' ? [{ kind: 'desklamp', number: 1 }] : [],
  };
  const appliance = APPLIANCE[spec.task];
  const extra: SceneReceptacle[] = appliance
    ? [{ kind: appliance.kind, number: 1, ...(OPENABLE.has(appliance.kind) ? { openable: true } : {}), contents: [] }]
    : [];
  const places = [...search, destination];
  const distractorKinds = random.shuffle(DISTRACTOR_KINDS).slice(0, spec.distractors);
  for (const kind of distractorKinds) random.pick(places).contents!.push({ kind, number: 1 });
  const receptacles = [...search, destination, ...extra];
  const sentence = taskSentence(spec.task, spec.object, spec.destination);
  return {
    scene: {
      name: 'household',
      taskType: TASK_TYPE_OF[spec.task],
      task: sentence,
      dialect: 'current',
      target: {
        object: spec.object,
        ...(spec.task === 'look' ? { toggle: 'desklamp' } : { receptacle: spec.destination }),
      },
      receptacles,
      walkthrough: [],
    },
    searchOrder: order.map(nameOf),
    destination: nameOf(destination),
    appliance: extra[0] ? nameOf(extra[0]) : null,
  };
}
