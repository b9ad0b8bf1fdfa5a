import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AlfworldEngine } from '../../domains/household/alfred/engine.ts';
import { parseGameFile } from '../../domains/household/alfred/game-file.ts';
import { sceneGameFile } from '../../domains/household/alfred/scene.ts';
import { join } from 'node:path';
import { benchmarkData } from '../../../test/support/benchmark-data.ts';
import { TRANSCRIPT_FILE } from './sources.ts';
import { parseTranscript, reactObservation, sceneOfTranscript } from './transcripts.ts';

const alfworld = benchmarkData('alfworld');
const TRANSCRIPTS = join(alfworld.path, TRANSCRIPT_FILE);

/**
 * Steps where the recorded observation is not what ALFWorld printed: ReAct's authors edited these
 * prompts by hand (a dropped "and"; a "go to fridge 1" removed before "open fridge 1").
 */
const HAND_EDITED = ['act_put_0#1', 'act_heat_0#1'];

describe.skipIf(alfworld.skip)(alfworld.title('replaying ALFWorld expert transcripts in rebuilt games'), () => {
  it('reproduces every recorded observation except the hand-edited ones', () => {
    const prompts = JSON.parse(readFileSync(TRANSCRIPTS, 'utf8')) as Record<string, string>;
    const mismatches: string[] = [];
    let compared = 0;
    for (const key of Object.keys(prompts).filter((name) => name.startsWith('act_'))) {
      const transcript = parseTranscript(key, prompts[key]!);
      const outcome = parseGameFile(JSON.stringify(sceneGameFile(sceneOfTranscript(transcript))), key, key, {
        checkWalkthrough: false,
      });
      if (outcome.kind !== 'game') throw new Error(`${key} skipped`);
      const engine = new AlfworldEngine(outcome.game);
      const opening = engine.reset().split('\n\n');
      expect(opening[1], key).toBe(transcript.room);
      expect(opening[2], key).toBe(`Your task is to: ${transcript.task}`);
      transcript.steps.forEach((step, index) => {
        compared++;
        if (reactObservation(engine.step(step.action).observation) !== step.observation)
          mismatches.push(`${key}#${index + 1}`);
      });
      expect(engine.won(), key).toBe(true);
    }
    expect(compared).toBeGreaterThan(190);
    expect(mismatches).toEqual(HAND_EDITED);
  });

  it('does not reproduce a transcript when the engine is wrong about list order', () => {
    const prompts = JSON.parse(readFileSync(TRANSCRIPTS, 'utf8')) as Record<string, string>;
    const transcript = parseTranscript('act_clean_0', prompts.act_clean_0!);
    const scene = sceneOfTranscript(transcript);
    // A control: an extra mug on the dining table must show up in its listing, so the comparison can fail.
    scene.receptacles
      .find((receptacle) => receptacle.kind === 'diningtable')!
      .contents!.push({ kind: 'mug', number: 3 });
    const outcome = parseGameFile(JSON.stringify(sceneGameFile(scene)), 'x', 'x', { checkWalkthrough: false });
    if (outcome.kind !== 'game') throw new Error('skipped');
    const engine = new AlfworldEngine(outcome.game);
    engine.reset();
    engine.step(transcript.steps[0]!.action);
    engine.step(transcript.steps[1]!.action);
    expect(reactObservation(engine.step(transcript.steps[2]!.action).observation)).not.toBe(
      transcript.steps[2]!.observation,
    );
  });
});
