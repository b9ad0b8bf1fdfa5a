import { describe, expect, it } from 'vitest';
import { createHousehold } from '../domains/household/index.ts';
import type { AgentPolicy } from '../interfaces/policy.ts';
import type { AgentPrompt } from '../interfaces/task.ts';
import { demonstrationsOf, playEpisodes } from './episodes.ts';
import { attemptTaskTypes } from './task-type-attempts.ts';

const domain = createHousehold({ heldOutSize: 4, seedTasks: 6 });
const instances = domain.heldOutSets()[0]!.instances.slice(0, 3);

/** Follows each turn's reference action on even samples, answers junk on odd ones; records every call. */
function scriptedAgent(calls: AgentPrompt[][]): AgentPolicy {
  return {
    name: 'scripted',
    async act(prompts, options) {
      calls.push(prompts);
      expect(options.samples).toBe(1);
      return prompts.map((prompt) => {
        const sample = Number(/#(\d+)@/.exec(prompt.id)![1]);
        const text = sample % 2 === 0 ? prompt.reference.answer : 'dance';
        return [{ text, tokenIds: [1, 2], logprobs: [-0.1, -0.2], policyVersion: 'agent-v1' }];
      });
    },
  };
}

describe('playEpisodes', () => {
  it('plays G episodes per instance turn by turn in one batched call per turn and keeps every turn', async () => {
    const calls: AgentPrompt[][] = [];
    const groups = await playEpisodes(scriptedAgent(calls), domain, instances, { samples: 2, seed: 1 });
    expect(groups).toHaveLength(3);
    const longest = Math.max(...instances.map((instance) => domain.interactive!.maxSteps(instance)));
    expect(calls.length).toBe(longest);
    expect(calls[0]!.length).toBe(6);
    expect(new Set(calls[0]!.map((prompt) => prompt.id)).size).toBe(6);
    groups.forEach((group, index) => {
      const instance = instances[index]!;
      const [good, bad] = group.completions;
      expect(group.scores.map((score) => score.success)).toEqual([true, false]);
      expect(good!.turns!.map((turn) => turn.action)).toEqual(instance.payload.plan);
      expect(good!.text.split('\n')).toEqual(instance.payload.plan);
      expect(good!.finishReason).toBe('done');
      expect(bad!.turns).toHaveLength(domain.interactive!.maxSteps(instance));
      expect(bad!.finishReason).toBe('step-limit');
      expect(bad!.turns!.every((turn) => turn.observation === 'Nothing happens.')).toBe(true);
      expect(good!.turns![0]!.response.tokenIds).toEqual([1, 2]);
      // The next turn's prompt carries the environment's answer to the first action.
      expect(good!.turns![1]!.prompt).toContain(good!.turns![0]!.observation);
      // The recorded episode scores as it was played.
      expect(domain.score(instance, good!).success).toBe(true);
    });
  });

  it('turns a reference episode into one demonstration per turn', () => {
    const instance = instances[0]!;
    const pairs = demonstrationsOf(domain, instance);
    expect(pairs.map((pair) => pair.target)).toEqual(instance.payload.plan);
    expect(pairs[0]!.prompt.text).toBe(domain.render(instance).text);
  });

  it('feeds the rollout: rewards from the verifier, one trace per episode', async () => {
    const taskType = {
      id: 'tt',
      source: 'simulator' as const,
      family: instances[0]!.family,
      features: {},
      instances: instances.slice(0, 1),
      spec: null,
      proposal: null,
      context: null,
    };
    const [attempted] = await attemptTaskTypes(scriptedAgent([]), domain, [taskType], {
      epoch: 1,
      seed: 2,
      agentVersion: 'agent-v1',
      config: { samples: 4, temperature: 1, successThreshold: 1 },
    });
    expect(attempted!.groups[0]!.rewards).toEqual([1, 0, 1, 0]);
    expect(attempted!.successes).toBe(2);
    expect(attempted!.traces[0]!.completion.turns!.length).toBeGreaterThan(0);
  });
});
