import { describe, expect, it } from 'vitest';
import { GenEnvError } from '../../interfaces/errors.ts';
import { alfworldBenchmark } from './index.ts';
import { oraclePolicy, scriptedPolicy } from '../../../test/support/alfworld.ts';
import { benchmarkData } from '../../../test/support/benchmark-data.ts';
import { FIXTURES_FOLDER } from './write-fixtures.ts';

const run = (policy = oraclePolicy, mode?: string, limit?: number) =>
  alfworldBenchmark.run(policy, { dataPath: FIXTURES_FOLDER, seed: 7, mode, limit });

/** Changes the last number of a command (`take apple 1 from countertop 1` → `... countertop 2`). */
const otherNumber = (command: string) => command.replace(/(\d+)(?!.*\d)/, (number) => String(Number(number) + 1));

describe('alfworldBenchmark', () => {
  it('oracle scores 100% on every fixture step, with per-task-type accuracy', async () => {
    const report = await run();
    expect(report.summary).toMatchObject({
      accuracy: 1,
      stepAccuracy: 1,
      steps: 39,
      games: 6,
      source: 'game-files',
      mode: 'steps',
    });
    expect(report.table1).toEqual({ ALFWorld: 100 });
    expect(Object.keys(report.summary).filter((key) => key.startsWith('stepAccuracy/'))).toHaveLength(6);
    expect(report.items.every((item) => item.correct && item.score === 1)).toBe(true);
    expect(report.notes.join(' ')).toMatch(/Step mode/);
  });

  it('oracle wins every episode; a policy that only looks wins none within 50 steps', async () => {
    const oracle = await run(oraclePolicy, 'episodes');
    expect(oracle.summary).toMatchObject({ accuracy: 1, episodeSuccess: 1, episodes: 6, meanEpisodeSteps: 39 / 6 });
    const idle = await run(
      scriptedPolicy('idle', () => 'look'),
      'episodes',
      2,
    );
    expect(idle.summary).toMatchObject({ accuracy: 0, episodes: 2 });
    expect(idle.items.map((item) => item.details?.steps)).toEqual([50, 50]);
  });

  it('both modes: accuracy is the step accuracy, episodeSuccess beside it', async () => {
    const report = await run(oraclePolicy, 'both');
    expect(report.summary).toMatchObject({ accuracy: 1, stepAccuracy: 1, episodeSuccess: 1 });
    expect(report.items).toHaveLength(39 + 6);
  });

  it('near misses fail: wrong number, wrong receptacle, invalid action, a thought', async () => {
    const misses: [string, (answer: string) => string, RegExp][] = [
      ['wrong number', otherNumber, /invalid action|a different action/],
      [
        'wrong receptacle',
        (answer) => (answer.startsWith('go to ') ? 'go to countertop 1' : `${answer} now`),
        /invalid action|a different action/,
      ],
      ['invalid', () => 'dance with the fridge', /invalid action/],
      ['thought', (answer) => `think: I will ${answer}`, /a thought/],
    ];
    for (const [name, change, reason] of misses) {
      const report = await run(scriptedPolicy(name, (prompt) => change(prompt.reference.answer)));
      const wrong = report.items.filter((item) => !item.correct);
      // "go to countertop 1" is right where countertop 1 is the goal; every other step must fail.
      expect(wrong.length, name).toBeGreaterThan(name === 'wrong receptacle' ? 30 : 38);
      expect(String(wrong[0]!.details?.reason), name).toMatch(reason);
    }
  });

  it('accepts the same grounded action under the 2.1.1 put verb, and tool calls', async () => {
    const legacy = scriptedPolicy('legacy', (prompt) =>
      prompt.reference.answer.replace(/^move (.+) to (.+)$/, 'put $1 in/on $2'),
    );
    const report = await run(legacy);
    expect(report.summary.accuracy).toBe(1);
    // one move per game but the lamp one
    expect(report.items.filter((item) => item.details?.reason === 'same action')).toHaveLength(6);
    const caller = {
      name: 'caller',
      async act(prompts: { reference: { answer: string } }[]) {
        return prompts.map((prompt) => [
          {
            text: '',
            toolCalls: [{ name: 'act', arguments: { action: prompt.reference.answer } }],
            policyVersion: 'x',
          },
        ]);
      },
    };
    expect((await run(caller as never)).summary.accuracy).toBe(1);
  });

  it('limit caps the step items; bad options are one-line errors', async () => {
    const report = await run(oraclePolicy, 'steps', 10);
    expect(report.items).toHaveLength(10);
    await expect(run(oraclePolicy, 'sometimes')).rejects.toThrow(GenEnvError);
    await expect(alfworldBenchmark.run(oraclePolicy, { dataPath: '/nonexistent/alfworld', seed: 1 })).rejects.toThrow(
      /ALFWorld data folder not found/,
    );
  });

  it('prompts carry the task, the gold history and the `act` tool; built-in models read the compact text', async () => {
    const seen: { text: string; transcript: string }[] = [];
    await run(
      scriptedPolicy('spy', (prompt) => {
        seen.push({ text: prompt.text, transcript: String(prompt.messages[1]!.content) });
        expect(prompt.tools?.[0]?.function.name).toBe('act');
        return prompt.reference.answer;
      }),
      'steps',
      3,
    );
    // Games come in path order: the look_at_obj_in_light fixture is first.
    expect(seen[2]!.transcript).toBe(
      'You are in the middle of a room. Looking quickly around you, you see a desk 1, a dresser 1, a shelf 1, ' +
        'and a sidetable 1.\n' +
        'Your task is to: look at book under the desklamp.\n' +
        '> go to desk 1\nYou arrive at desk 1. On the desk 1, you see a book 1, and a pen 1.\n' +
        '> take book 1 from desk 1\nYou pick up the book 1 from the desk 1.\n>',
    );
    expect(seen[2]!.text).toBe(
      'Task: look at book under the desklamp.\n' +
        'Room: desk 1 (pen 1), dresser 1, shelf 1, sidetable 1.\n' +
        'Last: You pick up the book 1 from the desk 1.\n' +
        'Carry: book 1. At: desk 1. Next: dresser 1.\n>',
    );
  });
});

const alfworld = benchmarkData('alfworld');

describe.skipIf(alfworld.skip)(alfworld.title('alfworldBenchmark on the ALFWorld data (transcript games)'), () => {
  it('oracle scores 100% in both modes on the 17 rebuilt games', async () => {
    const report = await alfworldBenchmark.run(oraclePolicy, { dataPath: alfworld.path, seed: 1, mode: 'both' });
    expect(report.summary).toMatchObject({ accuracy: 1, episodeSuccess: 1, source: 'transcripts', games: 17 });
    expect(report.notes.some((note) => note.includes('act_heat_0'))).toBe(true);
  });
});
