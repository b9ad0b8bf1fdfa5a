import { mkdtemp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GenEnvError } from '../../interfaces/errors.ts';
import { FIXTURE_SCENES } from './fixture-scenes.ts';
import { TASK_TYPES } from '../../domains/household/alfred/game.ts';
import { GAME_FILE_NAME, findGameFiles, loadGames, parseGameFile } from '../../domains/household/alfred/game-file.ts';
import { FIXTURES_FOLDER, fixtureText } from './write-fixtures.ts';

const base = JSON.parse(fixtureText(0)) as Record<string, unknown>;
const variant = (change: Record<string, unknown>) => JSON.stringify({ ...base, ...change });

/** The one-line reason a malformed file is rejected with. */
function rejection(text: string): string {
  try {
    parseGameFile(text, 'bad/game.tw-pddl', 'bad');
  } catch (error) {
    expect(error).toBeInstanceOf(GenEnvError);
    expect((error as GenEnvError).code).toBe('benchmark');
    return (error as Error).message;
  }
  throw new Error('the file was accepted');
}

describe('ALFWorld game files', () => {
  it('committed fixtures are exactly what write-fixtures.ts generates', async () => {
    for (const [index, fixture] of FIXTURE_SCENES.entries()) {
      expect(await readFile(path.join(FIXTURES_FOLDER, fixture.folder, GAME_FILE_NAME), 'utf8')).toBe(
        fixtureText(index),
      );
    }
  });

  it('loads one fixture per task type, task type read off the goal, walkthrough replayed', async () => {
    const { games, skipped } = await loadGames(FIXTURES_FOLDER);
    expect(skipped).toEqual([]);
    expect(games.map((game) => game.taskType).sort()).toEqual([...TASK_TYPES].sort());
    const keychain = games.find((game) => game.taskType === 'pick_and_place_simple')!;
    expect(keychain.task).toBe('put a keychain in safe.');
    expect(keychain.id).toBe('pick_and_place_simple-KeyChain-None-Safe-301/trial_T20190001_000001');
    expect(keychain.walkthrough).toHaveLength(8);
  });

  it('rejects malformed files with a one-line reason naming the file', () => {
    const brokenWalkthrough = [...(base.walkthrough as string[])];
    brokenWalkthrough[4] = 'take keychain 1 from drawer 2';
    const cases: [string, RegExp][] = [
      ['{ not json', /not JSON/],
      ['[1, 2]', /not a JSON object/],
      [variant({ pddl_problem: undefined }), /missing or empty "pddl_problem"/],
      [variant({ walkthrough: [] }), /"walkthrough" is not a non-empty list/],
      [variant({ walkthrough: ['go to drawer 1', 7] }), /"walkthrough" is not a non-empty list/],
      [variant({ pddl_domain: '(define (domain alfred)' }), /pddl_domain: unbalanced parentheses/],
      [
        variant({ pddl_domain: (base.pddl_domain as string).replace('(domain alfred)', '(domain kitchen)') }),
        /domain "kitchen" is not the ALFRED domain/,
      ],
      [
        variant({ pddl_problem: (base.pddl_problem as string).replace(/\(:goal[\s\S]*$/, ')') }),
        /pddl_problem: the problem has no \(:goal/,
      ],
      [variant({ grammar: (base.grammar as string).replace('"task"', '"tusk"') }), /the grammar has no "task" rule/],
      [
        variant({
          grammar: (base.grammar as string).replace(
            'Your task is to: put a keychain in safe.',
            'Your task is to: UNKNOWN GOAL.',
          ),
        }),
        /task rule is not a task/,
      ],
      [variant({ grammar: 'grammar :: """{ "intro": 3 }""";' }), /grammar: grammar: rule "intro" is not a list/],
      [
        variant({ walkthrough: brokenWalkthrough }),
        /walkthrough step 5 \("take keychain 1 from drawer 2"\) does nothing/,
      ],
      [
        variant({ walkthrough: (base.walkthrough as string[]).slice(0, -1) }),
        /the walkthrough ends before the goal holds/,
      ],
      [
        variant({ walkthrough: [...(base.walkthrough as string[]), 'look'] }),
        /the goal holds after walkthrough step 8 of 9/,
      ],
    ];
    for (const [text, pattern] of cases) {
      const message = rejection(text);
      expect(message, String(pattern)).toMatch(pattern);
      expect(message.startsWith('bad/game.tw-pddl: ')).toBe(true);
      expect(message).not.toContain('\n');
    }
  });

  it('skips games ALFWorld skips (unsolvable or unmarked) and paths with movable/Sliced', async () => {
    expect(parseGameFile(variant({ solvable: false }), 'f', 'f')).toEqual({
      kind: 'skipped',
      reason: 'marked unsolvable (ALFWorld skips such games)',
    });
    const unmarked = { ...base };
    delete unmarked.solvable;
    expect(parseGameFile(JSON.stringify(unmarked), 'f', 'f').kind).toBe('skipped');
    const folder = await mkdtemp(path.join(tmpdir(), 'alfworld-'));
    for (const name of [
      'a-task/trial_1',
      'pick_and_place_with_movable_recep-x/trial_2',
      'pick_heat-AppleSliced-x/trial_3',
      'b-task/trial_4',
    ]) {
      await mkdir(path.join(folder, name), { recursive: true });
      await writeFile(
        path.join(folder, name, GAME_FILE_NAME),
        name.startsWith('b-') ? variant({ solvable: false }) : fixtureText(0),
      );
    }
    await writeFile(
      path.join(folder, 'a-task/trial_1/traj_data.json'),
      JSON.stringify({ task_type: 'pick_two_obj_and_place' }),
    );
    expect((await findGameFiles(folder)).map((file) => path.relative(folder, file))).toEqual([
      'a-task/trial_1/game.tw-pddl',
      'b-task/trial_4/game.tw-pddl',
    ]);
    const loaded = await loadGames(folder);
    expect(loaded.games.map((game) => [game.id, game.taskType])).toEqual([
      ['a-task/trial_1', 'pick_two_obj_and_place'],
    ]);
    expect(loaded.skipped).toHaveLength(1);
    await expect(loadGames(path.join(folder, 'missing'))).rejects.toThrow(/ALFWorld data folder not found/);
  });
});
