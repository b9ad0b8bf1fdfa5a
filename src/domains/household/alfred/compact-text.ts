/**
 * The compact text a small built-in model reads at each turn of an ALFWorld-style episode. A transcript
 * outgrows a 256-token context within a few turns, and its task and room, where the next action's names
 * come from, are what a clipped prompt loses first. So the text summarises the transcript instead: the task,
 * the room as a map (every receptacle in the room's order, with what was last seen in or on those visited),
 * the last observation, what the agent carries, where it stands and which receptacle it has not seen yet.
 * Everything in it is read from the transcript (opening, actions, observations): it remembers what the agent
 * saw and knows nothing the agent did not see.
 */

/** One exchange of the transcript: the action (normal form) and the engine's answer. */
export interface CompactTurn {
  action: string;
  observation: string;
}

/** What the agent knows of one receptacle: unseen, closed, or the things it saw there. */
type Seen = { kind: 'unseen' } | { kind: 'closed' } | { kind: 'contents'; things: string[] };

/** `a mug 1, a cup 2, and a pen 1` / `nothing` → `['mug 1', 'cup 2', 'pen 1']`. */
function thingsOf(list: string): string[] {
  if (list === 'nothing') return [];
  return list
    .split(/, and |, | and /)
    .map((item) => item.trim().replace(/^(a|an) /, ''))
    .filter((item) => item.length > 0);
}

/** The opening's parts: `Your task is to: …` and the receptacles of `You are in the middle of a room. …`. */
export function openingParts(opening: string): { task: string; receptacles: string[] } {
  const lines = opening.split('\n');
  const task = lines.find((line) => line.startsWith('Your task is to:')) ?? '';
  const room = lines.find((line) => line.includes('you see')) ?? '';
  const listed = /you see (.*)\.$/.exec(room)?.[1] ?? '';
  return { task, receptacles: thingsOf(listed) };
}

/** What the agent knows after the exchanges so far. */
interface Memory {
  /** Receptacle name → what was last seen there, in the room's order. */
  seen: Map<string, Seen>;
  /** Things in hand, in the order picked up. */
  carrying: string[];
  /** Thing → `hot` / `cool` / `clean`, once heated, cooled or cleaned. */
  changed: Map<string, string>;
}

const CHANGED = { heat: 'hot', cool: 'cool', clean: 'clean' } as const;

/** The engine's answers that change what the agent knows (ALFWorld's feedback texts), each with its effect. */
const RULES: readonly [RegExp, (memory: Memory, match: RegExpExecArray) => void][] = [
  [/^You arrive at (.+?)\. (?:On|In) the \1, you see (.*)\.$/, sawContents],
  [/^You open the (.+?)\. The \1 is open\. In it, you see (.*)\.$/, sawContents],
  [/^You arrive at (.+?)\. The \1 is closed\.$/, sawClosed],
  [/^You close the (.+?)\.$/, sawClosed],
  [
    /^You pick up the (.+?) from the (.+?)\.$/,
    (memory, [, thing, place]) => {
      const known = memory.seen.get(place!);
      if (known?.kind === 'contents') known.things = known.things.filter((item) => item !== thing);
      memory.carrying.push(thing!);
    },
  ],
  [
    /^You (?:move|put) the (.+?) (?:to|in\/on) the (.+?)\.$/,
    (memory, [, thing, place]) => {
      const known = memory.seen.get(place!);
      if (known?.kind === 'contents') known.things.push(thing!);
      const index = memory.carrying.indexOf(thing!);
      if (index >= 0) memory.carrying.splice(index, 1);
    },
  ],
  [
    /^You (heat|cool|clean) the (.+?) using the (.+?)\.$/,
    (memory, [, verb, thing]) => memory.changed.set(thing!, CHANGED[verb as keyof typeof CHANGED]),
  ],
];

function sawContents(memory: Memory, [, place, list]: RegExpExecArray): void {
  memory.seen.set(place!, { kind: 'contents', things: thingsOf(list!) });
}

function sawClosed(memory: Memory, [, place]: RegExpExecArray): void {
  memory.seen.set(place!, { kind: 'closed' });
}

/** The map, the carried things and the changed things after `turns`, over the room's `receptacles`. */
export function transcriptMemory(receptacles: readonly string[], turns: readonly CompactTurn[]): Memory {
  const memory: Memory = {
    seen: new Map(receptacles.map((name) => [name, { kind: 'unseen' }])),
    carrying: [],
    changed: new Map(),
  };
  for (const { observation } of turns) {
    for (const [pattern, apply] of RULES) {
      const match = pattern.exec(observation);
      if (match) {
        apply(memory, match);
        break;
      }
    }
  }
  return memory;
}

/** Where the agent stands: the receptacle of its last successful `go to`, or `nowhere`. */
function locationOf(turns: readonly CompactTurn[]): string {
  for (let index = turns.length - 1; index >= 0; index--) {
    const match = /^You arrive at (.+?)\./.exec(turns[index]!.observation);
    if (match) return match[1]!;
  }
  return 'nowhere';
}

function entry(name: string, seen: Seen): string {
  if (seen.kind === 'unseen') return name;
  if (seen.kind === 'closed') return `${name} (closed)`;
  return `${name} (${seen.things.length === 0 ? 'nothing' : seen.things.join(', ')})`;
}

/** How the room is mapped. */
export interface CompactTextOptions {
  /**
   * Rooms of at most this many receptacles map every one; a larger room leaves out the receptacles seen empty of the
   * kinds it has several of, so that its map still fits a 256-token context (default: every room maps every one).
   */
  everyReceptacleUpTo?: number;
}

/** `drawer 2` → `drawer`. */
const kindOf = (name: string) => name.replace(/ \d+$/, '');

/**
 * What the map shows: every receptacle; or, in a large room, all but those seen empty of a kind the room has several
 * of (searched and done with). One alone of its kind stays, for it may be the destination or the appliance, whose
 * name a later action needs.
 */
function mappedOf(seen: ReadonlyMap<string, Seen>, large: boolean): [string, Seen][] {
  if (!large) return [...seen];
  const counts = new Map<string, number>();
  for (const name of seen.keys()) counts.set(kindOf(name), (counts.get(kindOf(name)) ?? 0) + 1);
  const done = (name: string, known: Seen) =>
    known.kind === 'contents' && known.things.length === 0 && counts.get(kindOf(name))! > 1;
  return [...seen].filter(([name, known]) => !done(name, known));
}

/**
 * The compact text of a turn: the task; the room (every receptacle in the room's order, with what was last seen
 * in or on it, or `closed`; see `CompactTextOptions` for large rooms); the last observation; what the agent carries
 * (and what it heated, cooled or cleaned), where it stands and the next receptacle it has not seen yet (room
 * order), then `>`:
 *
 *   Task: cool some potato and put it in drawer.
 *   Room: drawer 1 (nothing), fridge 1 (closed), safe 1, shelf 1.
 *   Last: You arrive at fridge 1. The fridge 1 is closed.
 *   Carry: nothing. At: fridge 1. Next: safe 1.
 *   >
 *
 * The last line has a fixed shape, so the names most actions copy (where the agent stands, where to search next)
 * sit at the same distance from the end of every prompt.
 */
export function compactTurnText(
  opening: string,
  turns: readonly CompactTurn[],
  options: CompactTextOptions = {},
): string {
  const { task, receptacles } = openingParts(opening);
  const { seen, carrying, changed } = transcriptMemory(receptacles, turns);
  const large = receptacles.length > (options.everyReceptacleUpTo ?? Number.POSITIVE_INFINITY);
  const room = mappedOf(seen, large)
    .map(([name, known]) => entry(name, known))
    .join(', ');
  const next = [...seen].find(([, known]) => known.kind === 'unseen')?.[0] ?? 'none';
  const carried = carrying.map((thing) => (changed.has(thing) ? `${thing} (${changed.get(thing)})` : thing));
  const last = turns[turns.length - 1];
  return [
    task.replace('Your task is to:', 'Task:'),
    `Room: ${room}.`,
    ...(last ? [`Last: ${last.observation}`] : []),
    `Carry: ${carried.length === 0 ? 'nothing' : carried.join(', ')}. At: ${locationOf(turns)}. Next: ${next}.`,
    '>',
  ].join('\n');
}
