/**
 * Writes the fixture game files: `npx tsx src/benchmarks/alfworld/write-fixtures.ts`.
 * The files are JSON as ALFWorld's `alfworld-generate` writes them (`json.dump`: one line).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIXTURE_SCENES } from './fixture-scenes.ts';
import { GAME_FILE_NAME } from '../../domains/household/alfred/game-file.ts';
import { sceneGameFile } from '../../domains/household/alfred/scene.ts';

/** Folder holding the fixture games. */
export const FIXTURES_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** The exact text of a fixture's game file. */
export function fixtureText(index: number): string {
  return JSON.stringify(sceneGameFile(FIXTURE_SCENES[index]!.scene));
}

async function main(): Promise<void> {
  for (const [index, fixture] of FIXTURE_SCENES.entries()) {
    const folder = path.join(FIXTURES_FOLDER, fixture.folder);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, GAME_FILE_NAME), fixtureText(index));
  }
  console.log(`wrote ${FIXTURE_SCENES.length} games under ${FIXTURES_FOLDER}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
