/**
 * Where the games come from: official `game.tw-pddl` files under the data folder, or — when the folder
 * has none, as the one `genenv data fetch alfworld` writes — games rebuilt from the expert transcripts in
 * `reference/alfworld_3prompts.json` (the `act_*` entries; ReAct's `react_*` entries are the same games).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { GenEnvError } from '../../interfaces/errors.ts';
import type { AlfworldGame } from '../../domains/household/alfred/game.ts';
import { findGameFiles, loadGames, parseGameFile } from '../../domains/household/alfred/game-file.ts';
import { sceneGameFile } from '../../domains/household/alfred/scene.ts';
import { parseTranscript, sceneOfTranscript } from './transcripts.ts';

export const TRANSCRIPT_FILE = path.join('reference', 'alfworld_3prompts.json');

export interface GameSource {
  kind: 'game-files' | 'transcripts';
  games: AlfworldGame[];
  /** Files or transcripts left out, with the reason. */
  skipped: { path: string; reason: string }[];
}

/** Games rebuilt from a ReAct prompt file; a transcript whose actions do not replay is skipped with its reason. */
export async function transcriptGames(file: string): Promise<GameSource> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new GenEnvError(
      'benchmark',
      `cannot read ALFWorld transcripts ${file}: ${(error as Error).message.split('\n')[0]}`,
      { cause: error },
    );
  }
  if (data === null || typeof data !== 'object')
    throw new GenEnvError('benchmark', `${file}: not a JSON object of transcripts`);
  const source: GameSource = { kind: 'transcripts', games: [], skipped: [] };
  for (const [key, text] of Object.entries(data as Record<string, unknown>)) {
    if (!key.startsWith('act_') || typeof text !== 'string') continue;
    try {
      const transcript = parseTranscript(key, text);
      const scene = sceneOfTranscript(transcript);
      // A recorded step that did nothing is not an expert action: it leaves the walkthrough.
      scene.walkthrough = transcript.steps
        .filter((step) => step.observation !== 'Nothing happens.')
        .map((step) => step.action);
      const outcome = parseGameFile(JSON.stringify(sceneGameFile(scene)), `${file}#${key}`, key);
      if (outcome.kind === 'game') source.games.push(outcome.game);
      else source.skipped.push({ path: `${file}#${key}`, reason: outcome.reason });
    } catch (error) {
      const reason = (error as Error).message.split('\n')[0]!.replace(`${file}#${key}: `, '');
      source.skipped.push({ path: `${file}#${key}`, reason });
    }
  }
  return source;
}

/** Official game files when the folder has any, else the transcripts; a clear error when it has neither. */
export async function loadGameSource(dataPath: string): Promise<GameSource> {
  const info = await stat(dataPath).catch(() => null);
  if (!info?.isDirectory()) throw new GenEnvError('benchmark', `ALFWorld data folder not found: ${dataPath}`);
  if ((await findGameFiles(dataPath)).length > 0) {
    const loaded = await loadGames(dataPath);
    return { kind: 'game-files', ...loaded };
  }
  const transcripts = path.join(dataPath, TRANSCRIPT_FILE);
  if (await stat(transcripts).catch(() => null)) return transcriptGames(transcripts);
  throw new GenEnvError('benchmark', `no ALFWorld game.tw-pddl files (nor ${TRANSCRIPT_FILE}) under ${dataPath}`);
}
