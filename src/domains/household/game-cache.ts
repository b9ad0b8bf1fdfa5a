/**
 * ALFRED games of household scenes, built from the scene's game file and kept in a small bounded cache
 * (a payload holds the scene only, so that it stays plain JSON in the run store).
 */
import { GenEnvError, messageLine } from '../../interfaces/errors.ts';
import type { ParseResult } from '../../interfaces/task.ts';
import type { AlfworldGame } from './alfred/game.ts';
import { parseGameFile } from './alfred/game-file.ts';
import { sceneGameFile, type SceneSpec } from './alfred/scene.ts';

/** Games kept; an epoch's rollouts and a held-out set fit. */
const CAPACITY = 1024;
const cache = new Map<string, AlfworldGame>();

/** The game of a scene, or why the engine cannot load it. */
export function buildGame(scene: SceneSpec, id: string): ParseResult<AlfworldGame> {
  // The engine never reads the walkthrough; a scene still being planned has none yet, and the file format wants one.
  const file = sceneGameFile(scene.walkthrough.length > 0 ? scene : { ...scene, walkthrough: ['look'] });
  try {
    const outcome = parseGameFile(JSON.stringify(file), `${id}.tw-pddl`, id, { checkWalkthrough: false });
    if (outcome.kind !== 'game') return { ok: false, reason: outcome.reason };
    return { ok: true, value: { ...outcome.game, walkthrough: scene.walkthrough } };
  } catch (error) {
    return { ok: false, reason: messageLine(error) };
  }
}

/** The cached game of an instance (built on first use; its scene was verified at instantiation). */
export function gameOf(scene: SceneSpec, id: string): AlfworldGame {
  const known = cache.get(id);
  if (known) {
    cache.delete(id);
    cache.set(id, known);
    return known;
  }
  const built = buildGame(scene, id);
  if (!built.ok) throw new GenEnvError('domain', `household scene ${id} does not load: ${built.reason}`);
  cache.set(id, built.value);
  if (cache.size > CAPACITY) cache.delete(cache.keys().next().value!);
  return built.value;
}

/** Remembers a game built elsewhere (instantiation builds each game once to prove its plan). */
export function rememberGame(id: string, game: AlfworldGame): void {
  cache.set(id, game);
  if (cache.size > CAPACITY) cache.delete(cache.keys().next().value!);
}
