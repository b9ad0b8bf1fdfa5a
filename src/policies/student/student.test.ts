import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentPrompt, RolloutGroup } from '../../interfaces/index.ts';
import { SimulatedStudent, groupLearningSignal, studentSuccessProbability } from './student.ts';

const prompt = (difficulty: number): AgentPrompt => ({
  id: `p${difficulty}`,
  family: 'f',
  text: 'q',
  messages: [{ role: 'user', content: 'q' }],
  reference: { answer: '42', difficulty },
});
const group = (rewards: number[]): RolloutGroup => ({
  prompt: prompt(1),
  completions: rewards.map(() => ({ text: '', policyVersion: 't' })),
  rewards,
});

describe('simulated student', () => {
  it(
    'learning signal: half-and-half groups teach most; equal rewards, a group of one, an empty batch teach ' +
      'nothing',
    () => {
      expect(groupLearningSignal([[0, 1, 0, 1]])).toBe(1);
      expect(
        groupLearningSignal([
          [1, 1, 1],
          [0, 0, 0],
        ]),
      ).toBe(0);
      expect(groupLearningSignal([[1]])).toBe(0);
      expect(groupLearningSignal([])).toBe(0);
      expect(groupLearningSignal([[0, 0, 0, 1]])).toBeCloseTo(0.75, 12);
    },
  );
  it('succeeds with probability σ(slope·(ability − difficulty))', async () => {
    expect(studentSuccessProbability(2, 2, 1.5)).toBe(0.5);
    const student = new SimulatedStudent({ initialAbility: 1, slope: 1 });
    const answers = (await student.act([prompt(1)], { samples: 4000, seed: 1 }))[0]!;
    const rate = answers.filter((answer) => answer.text === '42').length / answers.length;
    expect(rate).toBeGreaterThan(0.47);
    expect(rate).toBeLessThan(0.53);
    expect(await student.act([prompt(0.9), prompt(1.1)], { samples: 1, seed: 1, temperature: 0 })).toEqual([
      [{ text: '42', policyVersion: 'student-v0' }],
      [{ text: 'I cannot solve this.', policyVersion: 'student-v0' }],
    ]);
  });
  it('an informative curriculum teaches more than an uninformative one', async () => {
    const informative = new SimulatedStudent();
    const uninformative = new SimulatedStudent();
    await informative.update({ groups: [group([0, 1, 1, 0]), group([1, 0, 0, 1])] }, { seed: 1 });
    await uninformative.update({ groups: [group([1, 1, 1, 1]), group([0, 0, 0, 0])] }, { seed: 1 });
    expect(informative.currentAbility).toBeGreaterThan(uninformative.currentAbility);
    expect(uninformative.currentAbility).toBe(new SimulatedStudent().currentAbility);
  });
  it('is deterministic given the seed and restores exactly', async () => {
    const student = new SimulatedStudent();
    await student.warmStart([{ prompt: prompt(1), target: '42' }]);
    await student.update({ groups: [group([0, 1])] }, { seed: 2 });
    const folder = mkdtempSync(join(tmpdir(), 'student-'));
    await student.save(folder);
    const restored = new SimulatedStudent();
    await restored.load(folder);
    expect(restored.currentAbility).toBe(student.currentAbility);
    expect(restored.version).toBe(student.version);
    const prompts = [prompt(0.5), prompt(1.5), prompt(3)];
    expect(await restored.act(prompts, { samples: 8, seed: 5 })).toEqual(
      await student.act(prompts, { samples: 8, seed: 5 }),
    );
  });
  it('rejects bad options', () => {
    expect(() => new SimulatedStudent({ slope: 0 })).toThrow(/^agent\.options\.slope: /);
  });
});
