/**
 * The reference plan of a scene, proven in the ALFRED engine: a search that any agent could follow from
 * what it sees (visit the search receptacles in the order the room lists them, open the closed ones,
 * take the target where it shows), then the task's appliance or lamp, then the destination. Every
 * step must do something and the goal must hold at the end; otherwise the scene is rejected with the
 * reason (an unsolvable spec never becomes a task).
 */
import type { ParseResult } from '../../interfaces/task.ts';
import { AlfworldEngine, NOTHING_HAPPENS } from './alfred/engine.ts';
import type { AlfworldGame } from './alfred/game.ts';
import { APPLIANCE, type HouseholdTask } from './catalogue.ts';
import type { HouseholdScene } from './scene-builder.ts';

class PlanFailure extends Error {}

/** Plays the reference strategy in the engine; the plan, or the reason it cannot reach the goal. */
export function referencePlan(
  game: AlfworldGame,
  built: HouseholdScene,
  task: HouseholdTask,
  object: string,
): ParseResult<string[]> {
  const engine = new AlfworldEngine(game);
  engine.reset();
  const plan: string[] = [];
  let at: string | null = null;
  const run = (command: string): string => {
    const result = engine.step(command);
    if (result.observation === NOTHING_HAPPENS) throw new PlanFailure(`"${command}" does nothing`);
    plan.push(command);
    return result.observation;
  };
  const go = (place: string): string | null => {
    if (at === place) return null;
    at = place;
    return run(`go to ${place}`);
  };
  /** Searches from receptacle `from` on; takes the first target seen; returns where it was found. */
  const find = (from: number, taken: Set<string>): number => {
    for (let index = from; index < built.searchOrder.length; index++) {
      const place = built.searchOrder[index]!;
      let seen = go(place) ?? '';
      if (/ is closed\.$/.test(seen)) seen = run(`open ${place}`);
      const match = [...seen.matchAll(new RegExp(`\\ba (${object} \\d+)`, 'g'))].find((hit) => !taken.has(hit[1]!));
      if (match) {
        run(`take ${match[1]} from ${place}`);
        taken.add(match[1]!);
        return index;
      }
    }
    throw new PlanFailure(`no ${object} found in the search receptacles`);
  };
  const place = (item: string) => {
    const seen = go(built.destination) ?? '';
    if (/ is closed\.$/.test(seen)) run(`open ${built.destination}`);
    run(`move ${item} to ${built.destination}`);
  };
  try {
    const taken = new Set<string>();
    const found = find(0, taken);
    const item = [...taken][0]!;
    const appliance = APPLIANCE[task];
    if (appliance && built.appliance) {
      go(built.appliance);
      run(`${appliance.verb} ${item} with ${built.appliance}`);
    }
    if (task === 'look') {
      go(built.destination);
      run('use desklamp 1');
    } else {
      place(item);
      if (task === 'two') {
        find(found, taken);
        place([...taken][1]!);
      }
    }
  } catch (error) {
    if (error instanceof PlanFailure) return { ok: false, reason: `no reference plan: ${error.message}` };
    throw error;
  }
  if (!engine.won()) return { ok: false, reason: 'no reference plan: the goal does not hold after the search' };
  return { ok: true, value: plan };
}
