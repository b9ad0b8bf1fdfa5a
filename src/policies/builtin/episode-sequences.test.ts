import { describe, expect, it } from 'vitest';
import type { RolloutGroup } from '../../interfaces/policy.ts';
import { groupSequences } from './episode-sequences.ts';

const builders = {
  promptIds: (prompt: { text: string }) => [...prompt.text].map((character) => character.charCodeAt(0)),
  sequenceOf: (prompt: number[], completion: { tokenIds?: number[] }) => ({
    tokens: [...prompt, ...(completion.tokenIds ?? [])],
    lossStart: prompt.length,
  }),
};
const prompt = { id: 'p', family: 'f', text: 'ab', messages: [], reference: { answer: '', difficulty: 0 } };

describe('groupSequences', () => {
  it('gives one sequence per single response, scored from the group prompt', () => {
    const group: RolloutGroup = {
      prompt,
      completions: [
        { text: 'x', tokenIds: [5], policyVersion: 'v' },
        { text: 'y', tokenIds: [6], policyVersion: 'v' },
      ],
      rewards: [1, Number.NaN],
    };
    expect(groupSequences(group, builders)).toEqual({
      sequences: [
        { tokens: [97, 98, 5], lossStart: 2 },
        { tokens: [97, 98, 6], lossStart: 2 },
      ],
      rewards: [1, 0],
    });
  });

  it('gives one sequence per turn of an episode: the turn prompt, loss on the agent tokens only', () => {
    const turn = (text: string, ids: number[]) => ({
      prompt: text,
      response: { text: '', tokenIds: ids },
      action: 'a',
      observation: 'o',
    });
    const group: RolloutGroup = {
      prompt,
      completions: [{ text: 'a\na', policyVersion: 'v', turns: [turn('c', [7]), turn('cd', [8, 9])] }],
      rewards: [0.5],
    };
    expect(groupSequences(group, builders)).toEqual({
      sequences: [
        { tokens: [99, 7], lossStart: 1 },
        { tokens: [99, 100, 8, 9], lossStart: 2 },
      ],
      rewards: [0.5, 0.5],
    });
  });
});
