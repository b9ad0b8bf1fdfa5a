/** Helpers of the ALFWorld tests: fixture games and simple policies. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AgentPolicy } from '../../src/interfaces/policy.ts';
import type { AgentPrompt } from '../../src/interfaces/task.ts';
import { FIXTURE_SCENES } from '../../src/benchmarks/alfworld/fixture-scenes.ts';
import type { AlfworldGame } from '../../src/domains/household/alfred/game.ts';
import { GAME_FILE_NAME, parseGameFile } from '../../src/domains/household/alfred/game-file.ts';
import { FIXTURES_FOLDER } from '../../src/benchmarks/alfworld/write-fixtures.ts';

/** The fixture game of a task type, loaded from its committed file. */
export function fixtureGame(taskType: string): AlfworldGame {
  const fixture = FIXTURE_SCENES.find((entry) => entry.scene.taskType === taskType);
  if (!fixture) throw new Error(`no fixture for ${taskType}`);
  const file = path.join(FIXTURES_FOLDER, fixture.folder, GAME_FILE_NAME);
  const outcome = parseGameFile(readFileSync(file, 'utf8'), file, fixture.folder);
  if (outcome.kind !== 'game') throw new Error(`fixture ${taskType} skipped: ${outcome.reason}`);
  return outcome.game;
}

/** A policy that answers `answer(prompt)` to every prompt. */
export function scriptedPolicy(name: string, answer: (prompt: AgentPrompt) => string): AgentPolicy {
  return {
    name,
    async act(prompts) {
      return prompts.map((prompt) => [{ text: answer(prompt), policyVersion: name }]);
    },
  };
}

/** Answers the reference, as the project's oracle policy does. */
export const oraclePolicy = scriptedPolicy('oracle', (prompt) => prompt.reference.answer);
