/**
 * Games rebuilt from ALFWorld expert transcripts (ReAct's `alfworld_3prompts.json`, `act_*` entries):
 * the room's receptacles come from the opening text, their contents and openability from the
 * observations, shared locations from "Nothing happens." on a `go to`. These are stand-ins for the
 * official game files, which are not available here; observations of the rebuilt games can then be
 * compared with the recorded ones.
 */
import type { TaskType } from '../../domains/household/alfred/game.ts';
import type { SceneReceptacle, SceneSpec, SceneThing } from '../../domains/household/alfred/scene.ts';

export interface TranscriptStep {
  action: string;
  observation: string;
}

export interface Transcript {
  key: string;
  /** Opening room description (`You are in the middle of a room. ...`). */
  room: string;
  /** Task sentence after "Your task is to: ". */
  task: string;
  steps: TranscriptStep[];
}

const TASK_TYPE_OF_KEY: Record<string, TaskType> = {
  put: 'pick_and_place_simple',
  clean: 'pick_clean_then_place_in_recep',
  heat: 'pick_heat_then_place_in_recep',
  cool: 'pick_cool_then_place_in_recep',
  puttwo: 'pick_two_obj_and_place',
  examine: 'look_at_obj_in_light',
};

/** Task type of a ReAct prompt key (`act_puttwo_1` → pick_two_obj_and_place), or null. */
export function taskTypeOfKey(key: string): TaskType | null {
  const match = /^(?:act|react)_([a-z]+)_\d+$/.exec(key);
  return match ? (TASK_TYPE_OF_KEY[match[1]!] ?? null) : null;
}

/** Splits a transcript into room, task and (action, observation) steps; `think:` steps are dropped. */
export function parseTranscript(key: string, text: string): Transcript {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  const room = lines.find((line) => line.startsWith('You are in the middle of a room.'));
  const taskLine = lines.find((line) => line.startsWith('Your task is to: '));
  if (!room || !taskLine) throw new Error(`transcript ${key} has no room description or task`);
  const steps: TranscriptStep[] = [];
  let current: TranscriptStep | null = null;
  for (const line of lines.slice(lines.indexOf(taskLine) + 1)) {
    if (line.startsWith('>')) {
      current = { action: line.slice(1).trim(), observation: '' };
      steps.push(current);
    } else if (current) {
      current.observation = current.observation ? `${current.observation}\n${line}` : line;
    }
  }
  return {
    key,
    room,
    task: taskLine.slice('Your task is to: '.length),
    steps: steps.filter((step) => !step.action.startsWith('think:')),
  };
}

/** `a cabinet 4, a cabinet 3, and a toaster 1` → things (`nothing` → none). */
export function parseThings(list: string): SceneThing[] {
  const things: SceneThing[] = [];
  for (const match of list.matchAll(/\ban? ([a-z]+) (\d+)/g))
    things.push({ kind: match[1]!, number: Number(match[2]) });
  return things;
}

const same = (a: SceneThing, b: SceneThing) => a.kind === b.kind && a.number === b.number;
const parseName = (name: string): SceneThing | null => {
  const match = /^([a-z]+) (\d+)$/.exec(name.trim());
  return match ? { kind: match[1]!, number: Number(match[2]) } : null;
};

/** The scene of a transcript: receptacles with first-seen contents, goal kinds from the expert's actions. */
export function sceneOfTranscript(transcript: Transcript): SceneSpec {
  const taskType = taskTypeOfKey(transcript.key);
  if (!taskType) throw new Error(`transcript key ${transcript.key} names no task type`);
  const roomList = transcript.room.split('you see ')[1] ?? '';
  const receptacles: SceneReceptacle[] = parseThings(roomList).map((thing) => ({ ...thing }));
  const find = (thing: SceneThing | null) =>
    thing ? receptacles.find((receptacle) => same(receptacle, thing)) : undefined;
  const seen = new Set<SceneReceptacle>();
  const learn = (receptacle: SceneReceptacle, observation: string) => {
    const open = /The [a-z]+ \d+ is open\. In it, you see (.*)\.$/.exec(observation);
    const closed = /The [a-z]+ \d+ is closed\.$/.exec(observation);
    const surface = /On the [a-z]+ \d+, you see (.*)\.$/.exec(observation);
    if (closed) receptacle.openable = true;
    if (open) receptacle.openable = true;
    const contents = open?.[1] ?? surface?.[1];
    if (contents !== undefined && !seen.has(receptacle)) {
      seen.add(receptacle);
      receptacle.contents = parseThings(contents);
    }
  };
  let here: SceneReceptacle | undefined;
  let object: string | undefined;
  let destination: string | undefined;
  let toggle: string | undefined;
  for (const step of transcript.steps) {
    const goTo = /^go to (.+)$/.exec(step.action);
    const open = /^open (.+)$/.exec(step.action);
    const take = /^take (.+) from (.+)$/.exec(step.action);
    const put = /^(?:put (.+) in\/on|move (.+) to) (.+)$/.exec(step.action);
    const use = /^use (.+)$/.exec(step.action);
    if (goTo) {
      const target = find(parseName(goTo[1]!));
      if (target && step.observation === 'Nothing happens.' && here) {
        // Going to a receptacle at the current location does nothing: they share it.
        const tag = here.location ?? `${here.kind} ${here.number}`;
        here.location = tag;
        target.location = tag;
      } else if (target) {
        here = target;
        learn(target, step.observation);
      }
    } else if (open) {
      const target = find(parseName(open[1]!));
      if (target) {
        target.openable = true;
        learn(target, step.observation);
      }
    } else if (take) {
      object ??= parseName(take[1]!)?.kind;
    } else if (put) {
      destination = find(parseName(put[3]!))?.kind ?? destination;
    } else if (use) {
      toggle = parseName(use[1]!)?.kind;
    }
  }
  if (!object) throw new Error(`transcript ${transcript.key}: the expert never takes an object`);
  return {
    name: transcript.key,
    taskType,
    task: transcript.task,
    target: { object, receptacle: destination, toggle },
    receptacles,
    walkthrough: transcript.steps.map((step) => step.action),
    dialect: 'legacy',
  };
}

/** ReAct's observation clean-up: drops the `You arrive at loc N. ` that ALFWorld 2.1.1 put before arrivals. */
export function reactObservation(observation: string): string {
  return observation.replace(/^You arrive at loc \d+\. /, '');
}
