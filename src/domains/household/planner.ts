/**
 * The reference plan of a scene, proven in the ALFRED engine: a strategy any agent could follow from what it
 * sees. Visit the receptacles in the order the room lists them (opening the closed ones) until the target shows,
 * take it, use the task's appliance, then the destination (opening it if closed); for `look`, go to where the
 * desk lamp was seen, or keep visiting until it shows; for `two`, the second target is searched the same way.
 * It needs no knowledge of the scene beyond the room and what each visit showed, which is what the agent's
 * compact text keeps (`alfred/compact-text.ts`). Every step must do something and the goal must hold at the
 * end; otherwise the scene is rejected with the reason (an unsolvable spec never becomes a task).
 */
import type { ParseResult } from '../../interfaces/task.ts';
import { type CompactTurn, openingParts, transcriptMemory } from './alfred/compact-text.ts';
import { AlfworldEngine, NOTHING_HAPPENS } from './alfred/engine.ts';
import type { AlfworldGame } from './alfred/game.ts';
import { openingText } from './alfred/prompts.ts';
import { APPLIANCE, type HouseholdTask } from './catalogue.ts';
import type { HouseholdScene } from './scene-builder.ts';

class PlanFailure extends Error {}

/** `mug 2` → `mug`. */
const kindOf = (thing: string) => thing.replace(/ \d+$/, '');

/** Plays the reference strategy in the engine; the plan, or the reason it cannot reach the goal. */
export function referencePlan(
  game: AlfworldGame,
  built: HouseholdScene,
  task: HouseholdTask,
  object: string,
): ParseResult<string[]> {
  const engine = new AlfworldEngine(game);
  const { receptacles } = openingParts(openingText(engine.reset()));
  const plan: string[] = [];
  const turns: CompactTurn[] = [];
  let at: string | null = null;
  const run = (command: string): string => {
    const { observation } = engine.step(command);
    if (observation === NOTHING_HAPPENS) throw new PlanFailure(`"${command}" does nothing`);
    plan.push(command);
    turns.push({ action: command, observation });
    return observation;
  };
  /** Goes to a receptacle (unless there) and opens it when it is closed. */
  const go = (place: string) => {
    if (at === place) return;
    at = place;
    if (/ is closed\.$/.test(run(`go to ${place}`))) run(`open ${place}`);
  };
  /**
   * The first receptacle (room order) known to hold a thing of `kind`, `skip` left out (a target already put
   * at the destination is not fetched again); receptacles not yet seen are visited in the room's order until
   * one shows it.
   */
  const seek = (kind: string, skip: string | null): { place: string; thing: string } => {
    for (;;) {
      const { seen } = transcriptMemory(receptacles, turns);
      for (const [place, known] of seen) {
        const thing = known.kind === 'contents' ? known.things.find((item) => kindOf(item) === kind) : undefined;
        if (thing !== undefined && place !== skip) return { place, thing };
      }
      const unseen = [...seen].find(([, known]) => known.kind === 'unseen')?.[0];
      if (unseen === undefined) throw new PlanFailure(`no ${kind} found in the room`);
      go(unseen);
    }
  };
  const fetch = (): string => {
    const { place, thing } = seek(object, built.destination);
    go(place);
    run(`take ${thing} from ${place}`);
    return thing;
  };
  const place = (item: string) => {
    go(built.destination);
    run(`move ${item} to ${built.destination}`);
  };
  try {
    const item = fetch();
    const appliance = APPLIANCE[task];
    if (appliance && built.appliance) {
      go(built.appliance);
      run(`${appliance.verb} ${item} with ${built.appliance}`);
    }
    if (task === 'look') {
      const lamp = seek('desklamp', null);
      go(lamp.place);
      run(`use ${lamp.thing}`);
    } else {
      place(item);
      if (task === 'two') place(fetch());
    }
  } catch (error) {
    if (error instanceof PlanFailure) return { ok: false, reason: `no reference plan: ${error.message}` };
    throw error;
  }
  if (!engine.won()) return { ok: false, reason: 'no reference plan: the goal does not hold after the search' };
  return { ok: true, value: plan };
}
