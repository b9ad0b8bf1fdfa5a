import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GenEnvError } from '../../interfaces/errors.ts';
import type { AgentPrompt } from '../../interfaces/task.ts';
import type { Proposal, SimulatorContext } from '../../interfaces/simulator.ts';
import type { BuiltinAgent } from './agent.ts';
import { createBuiltinAgent, createBuiltinSimulator, loadBuiltinAgent } from './index.ts';
import { echoDomain, guardedPrompt } from '../../../test/support/echo-domain.ts';

const tiny = {
  size: 'tiny',
  merges: 16,
  warmStartEpochs: 30,
  batchSize: 10,
  learningRate: 5e-3,
  warmStartLearningRate: 1e-2,
  maxResponseTokens: 24,
};
const temporary = () => mkdtempSync(join(tmpdir(), 'genenv-builtin-'));

function prompts(): { prompt: AgentPrompt; answer: string }[] {
  return echoDomain.seeds().map((seed, index) => {
    const result = echoDomain.instantiate(seed.spec, 1, index);
    if (!result.ok) throw new Error(result.reason);
    const prompt = echoDomain.render(result.instances[0]!);
    return { prompt, answer: prompt.reference.answer };
  });
}

/** Byte-for-byte contents of every file in a directory. */
function directoryBytes(directory: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(directory)
      .sort()
      .map((name) => [name, readFileSync(join(directory, name)).toString('base64')]),
  );
}

describe('options', () => {
  it('rejects bad values with one readable line', async () => {
    for (const options of [
      { clip: 2 },
      { size: 'huge' },
      { learningRate: -1 },
      { unknownKnob: 1 },
      { modelWidth: 30, heads: 4 },
      { maxResponseTokens: 400 },
    ]) {
      const attempt = createBuiltinAgent({ domain: echoDomain, options, seed: 1 });
      await expect(attempt).rejects.toBeInstanceOf(GenEnvError);
      await attempt.catch((error: GenEnvError) => {
        expect(error.code).toBe('config');
        expect(error.message).not.toContain('\n');
        expect(error.message).toMatch(/^agent\.options/);
      });
    }
  });
});

describe('built-in agent', () => {
  it('samples [prompt][sample] completions with ids and log-probs, without reading the gold answer', async () => {
    const agent = await createBuiltinAgent({ domain: echoDomain, options: tiny, seed: 3 });
    const guarded = prompts()
      .slice(0, 3)
      .map(({ prompt }) => guardedPrompt({ ...prompt, maxResponseTokens: 5 }));
    const completions = await agent.act(guarded, { samples: 4, seed: 8, temperature: 1 });
    expect(completions.length).toBe(3);
    for (const group of completions) {
      expect(group.length).toBe(4);
      for (const completion of group) {
        expect(completion.policyVersion).toBe('agent-v0');
        expect(completion.tokenIds!.length).toBe(completion.logprobs!.length);
        expect(completion.tokenIds!.length).toBeLessThanOrEqual(5);
        for (const logprob of completion.logprobs!) expect(logprob).toBeLessThanOrEqual(0);
      }
    }
    expect(await agent.act(guarded, { samples: 4, seed: 8, temperature: 1 })).toEqual(completions);
  });

  it.each([false, true])(
    'learns the echo task by SFT, runs GRPO updates, and round-trips checkpoints bit-exactly (copy head: %s)',
    async (copyHead) => {
      // 40 warm-start epochs: at 30 one rounding of the gradient sums left the copy-head model at 6 of 10.
      const options = { ...tiny, copyHead, warmStartEpochs: 40 };
      const agent = await createBuiltinAgent({ domain: echoDomain, options, seed: 4 });
      const data = prompts();
      const warm = await agent.warmStart(
        data.map(({ prompt, answer }) => ({ prompt, target: answer })),
        { seed: 1 },
      );
      expect(warm.sftLastLoss).toBeLessThan(warm.sftFirstLoss! / 4);
      expect(agent.version).toBe(1);
      const greedy = await agent.act(
        data.map(({ prompt }) => prompt),
        { samples: 1, seed: 1, temperature: 0 },
      );
      const correct = greedy.filter((group, index) => group[0]!.text === data[index]!.answer).length;
      expect(correct).toBeGreaterThanOrEqual(data.length - 3);

      // GRPO on sampled groups; then save, continue in two copies, compare bytes.
      const sampled = await agent.act(
        data.map(({ prompt }) => prompt),
        { samples: 4, seed: 2, temperature: 1.5 },
      );
      const batch = {
        groups: data.map(({ prompt, answer }, index) => ({
          prompt,
          completions: sampled[index]!,
          rewards: sampled[index]!.map((completion) => (completion.text === answer ? 1 : 0)),
        })),
      };
      const stats = await agent.update(batch, { seed: 3 });
      expect(agent.version).toBe(2);
      expect(Number.isFinite(stats.rewardMean)).toBe(true);
      expect(await agent.update({ groups: [] }, { seed: 3 })).toEqual({});
      expect(agent.version).toBe(2);

      const saved = temporary();
      await agent.save(saved);
      const restored = await createBuiltinAgent({ domain: echoDomain, options: { size: 'tiny' }, seed: 99 });
      await restored.load(saved);
      expect(restored.version).toBe(2);
      await agent.update(batch, { seed: 5 });
      await restored.update(batch, { seed: 5 });
      const left = temporary();
      const right = temporary();
      await agent.save(left);
      await restored.save(right);
      expect(directoryBytes(right)).toEqual(directoryBytes(left));
      const evaluation = await loadBuiltinAgent(left);
      expect(await evaluation.act([data[0]!.prompt], { samples: 2, seed: 6 })).toEqual(
        await agent.act([data[0]!.prompt], { samples: 2, seed: 6 }),
      );
    },
  );

  it('with warmStartPromptLoss, the warm start also learns the prompts themselves', async () => {
    const data = prompts();
    const demonstrations = data.map(({ prompt, answer }) => ({ prompt, target: answer }));
    const promptLikelihood = async (warmStartPromptLoss: boolean) => {
      const options = { ...tiny, warmStartEpochs: 10, warmStartPromptLoss };
      const agent = (await createBuiltinAgent({ domain: echoDomain, options, seed: 4 })) as BuiltinAgent;
      await agent.warmStart(demonstrations, { seed: 1 });
      // Log-probability of writing a prompt's text (the words before its first slot value) from an empty prompt.
      return data.reduce((sum, { prompt }) => sum + agent.responseLogprob({ text: '' }, prompt.text.split(' ')[0]!), 0);
    };
    const responsesOnly = await promptLikelihood(false);
    const wholeSequences = await promptLikelihood(true);
    expect(wholeSequences).toBeGreaterThan(responsesOnly + data.length);
  });

  it('rehearsal pairs train by SFT in the update: their loss falls and greedy answers follow them', async () => {
    const data = prompts();
    const agent = await createBuiltinAgent({
      domain: echoDomain,
      options: { ...tiny, rehearsalLearningRate: 1e-2, rehearsalEpochs: 3 },
      seed: 8,
    });
    const rehearsal = data.map(({ prompt, answer }) => ({ prompt, target: answer }));
    let first = Number.NaN;
    let last = Number.NaN;
    for (let update = 0; update < 10; update++) {
      const stats = await agent.update({ groups: [], rehearsal }, { seed: update });
      if (update === 0) first = stats.rehearsalFirstLoss!;
      last = stats.rehearsalLastLoss!;
      expect(stats.rehearsalSteps).toBe(3 * Math.ceil(data.length / tiny.batchSize));
    }
    expect(agent.version).toBe(10);
    expect(last).toBeLessThan(first / 2);
    const greedy = await agent.act(
      data.map(({ prompt }) => prompt),
      { samples: 1, seed: 1, temperature: 0 },
    );
    const correct = greedy.filter((group, index) => group[0]!.text === data[index]!.answer).length;
    expect(correct).toBeGreaterThan(0);
    await agent.close?.();
  });

  it('gives the same completions with sampling worker threads', async () => {
    const inProcess = await createBuiltinAgent({ domain: echoDomain, options: tiny, seed: 5 });
    const threaded = await createBuiltinAgent({ domain: echoDomain, options: { ...tiny, workers: 2 }, seed: 5 });
    const batch = prompts()
      .slice(0, 3)
      .map(({ prompt }) => prompt);
    try {
      expect(await threaded.act(batch, { samples: 3, seed: 12 })).toEqual(
        await inProcess.act(batch, { samples: 3, seed: 12 }),
      );
      // Two calls in flight at once share the workers' queue; each gets what it gets alone.
      const other = prompts()
        .slice(3, 8)
        .map(({ prompt }) => prompt);
      const [first, second] = await Promise.all([
        threaded.act(batch, { samples: 3, seed: 13 }),
        threaded.act(other, { samples: 2, seed: 14 }),
      ]);
      expect(first).toEqual(await inProcess.act(batch, { samples: 3, seed: 13 }));
      expect(second).toEqual(await inProcess.act(other, { samples: 2, seed: 14 }));
    } finally {
      await threaded.close!();
    }
  });

  it('trains the same with a helper training thread (trainThreads: 2)', async () => {
    const options = { ...tiny, warmStartEpochs: 4 };
    const one = await createBuiltinAgent({ domain: echoDomain, options, seed: 7 });
    const two = await createBuiltinAgent({ domain: echoDomain, options: { ...options, trainThreads: 2 }, seed: 7 });
    try {
      const demonstrations = prompts().map(({ prompt, answer }) => ({ prompt, target: answer }));
      const first = await one.warmStart(demonstrations, { seed: 1 });
      const second = await two.warmStart(demonstrations, { seed: 1 });
      expect(second.sftSteps).toBe(first.sftSteps);
      expect(second.sftLastLoss).toBeCloseTo(first.sftLastLoss!, 3);
    } finally {
      await two.close!();
    }
  });

  it('given a validation split and warmStartCheckSteps, checks it and keeps the best check', async () => {
    const options = { ...tiny, warmStartEpochs: 4, warmStartCheckSteps: 1, warmStartPatience: 2 };
    const agent = await createBuiltinAgent({ domain: echoDomain, options, seed: 7 });
    const demonstrations = prompts().map(({ prompt, answer }) => ({ prompt, target: answer }));
    // A split whose accuracy peaks at the second check: the warm start stops two checks later and keeps it.
    const accuracies = [0.2, 0.8, 0.5, 0.7];
    let checks = 0;
    const validation = { accuracy: async () => accuracies[checks++] ?? 0 };
    const stats = await agent.warmStart(demonstrations, { seed: 1, validation });
    expect(stats).toMatchObject({ sftSteps: 2, sftStepsTaken: 4, sftChecks: 4, sftValidationAccuracy: 0.8 });
    // Without checks the same warm start takes every step and ignores the split.
    const plain = await createBuiltinAgent({ domain: echoDomain, options: { ...tiny, warmStartEpochs: 4 }, seed: 7 });
    const plainStats = await plain.warmStart(demonstrations, { seed: 1, validation });
    expect(plainStats.sftChecks).toBeUndefined();
    expect(checks).toBe(4);
  });

  it('refuses a directory that is not a checkpoint with one line', async () => {
    const empty = temporary();
    await expect(loadBuiltinAgent(empty)).rejects.toMatchObject({ code: 'policy' });
    writeFileSync(join(empty, 'model.json'), '{"format": "something else"}');
    await expect(loadBuiltinAgent(empty)).rejects.toMatchObject({ code: 'policy' });
  });
});

describe('built-in simulator', () => {
  const contexts: SimulatorContext[] = echoDomain.seeds().map((seed, index) => ({
    id: `context-${index}`,
    seed,
    stats: { family: seed.family, taskTypes: index, recentSuccess: index % 2 ? 0.34 : null },
    targetSuccess: 0.5,
  }));

  /** RWR records of proposals made for `contexts` in order, proposal i weighted `weightOf(i)`. */
  const recordsOf = (proposals: readonly Proposal[], weightOf: (index: number) => number) =>
    proposals.map((proposal, index) => ({
      context: contexts[index]!,
      proposal,
      target: proposal.raw,
      successRate: 0.5,
      envReward: 0.5,
      weight: weightOf(index),
    }));

  it('proposes parseable specs after a warm start, and RWR shifts it toward high-weight proposals', async () => {
    const simulator = await createBuiltinSimulator({ domain: echoDomain, options: { ...tiny, klCap: 0.5 }, seed: 6 });
    const demonstrations = contexts.map((context) => ({
      context,
      spec: context.seed.spec,
      target: echoDomain.formatSpec(context.seed.spec as never),
    }));
    await simulator.warmStart(demonstrations, { seed: 1 });
    const proposals = await simulator.propose(contexts, { seed: 4, temperature: 0 });
    expect(proposals.map((proposal) => proposal.contextId)).toEqual(contexts.map((context) => context.id));
    expect(new Set(proposals.map((proposal) => proposal.id)).size).toBe(proposals.length);
    const parsed = proposals.filter((proposal) => echoDomain.parseSpec(proposal.raw).ok).length;
    expect(parsed).toBeGreaterThanOrEqual(contexts.length - 2);
    for (const proposal of proposals) {
      expect(proposal.policyVersion).toBe('simulator-v1');
      expect(proposal.logprob).toBeLessThanOrEqual(0);
    }
    // Weight proposals that say times=2 highly: the simulator should write times=2 more often.
    const sampleTwice = async (seed: number) => await simulator.propose(contexts, { seed, temperature: 1 });
    const shareOfTwo = async () => {
      let twos = 0;
      for (const seed of [11, 12, 13, 14])
        twos += (await sampleTwice(seed)).filter((proposal) => proposal.raw.includes('times=2')).length;
      return twos / (4 * contexts.length);
    };
    const before = await shareOfTwo();
    for (let round = 0; round < 6; round++) {
      const generated = await sampleTwice(100 + round);
      const records = generated.map((proposal, index) => {
        const weight = proposal.raw.includes('times=2') ? 2 : 0.1;
        return {
          context: contexts[index]!,
          proposal,
          target: proposal.raw,
          successRate: 0.5,
          envReward: weight / 2,
          weight,
        };
      });
      const stats = await simulator.update({ records }, { seed: round });
      expect(stats.updateKl).toBeLessThanOrEqual(0.5);
    }
    expect(await shareOfTwo()).toBeGreaterThan(before + 0.15);

    const saved = temporary();
    await simulator.save(saved);
    const restored = await createBuiltinSimulator({ domain: echoDomain, options: {}, seed: 1 });
    await restored.load(saved);
    expect(restored.version).toBe(simulator.version);
    expect(await restored.propose(contexts, { seed: 9 })).toEqual(await simulator.propose(contexts, { seed: 9 }));
    expect(await simulator.update({ records: [] }, { seed: 0 })).toEqual({});
  });

  it('warm-starts and updates the same on its own thread (trainThreads: 2) as on the calling thread', async () => {
    const options = { ...tiny, klCap: 0.5 };
    const here = await createBuiltinSimulator({ domain: echoDomain, options, seed: 6 });
    const threaded = await createBuiltinSimulator({
      domain: echoDomain,
      options: { ...options, trainThreads: 2 },
      seed: 6,
    });
    try {
      const demonstrations = contexts.map((context) => ({
        context,
        spec: context.seed.spec,
        target: echoDomain.formatSpec(context.seed.spec as never),
      }));
      const warmStarts = await Promise.all([
        here.warmStart(demonstrations, { seed: 1 }),
        threaded.warmStart(demonstrations, { seed: 1 }),
      ]);
      expect(warmStarts[1]).toEqual(warmStarts[0]);
      expect(warmStarts[1].sftSteps).toBeGreaterThan(0);
      for (let round = 0; round < 3; round++) {
        const generated = await here.propose(contexts, { seed: 20 + round, temperature: 1 });
        const records = recordsOf(generated, (index) => 0.1 + (index % 3));
        const [first, second] = await Promise.all([
          here.update({ records }, { seed: round }),
          threaded.update({ records }, { seed: round }),
        ]);
        expect(second).toEqual(first);
        expect(second.steps).toBeGreaterThan(0);
      }
      const [one, two] = [temporary(), temporary()];
      await here.save(one);
      await threaded.save(two);
      for (const file of ['weights.f32', 'adam-first.f32', 'adam-second.f32'])
        expect(readFileSync(join(two, file)).equals(readFileSync(join(one, file)))).toBe(true);
      expect(threaded.version).toBe(here.version);
    } finally {
      await threaded.close!();
    }
  });

  it('refuses an update in flight when it is closed, in one line, instead of leaving it waiting', async () => {
    const simulator = await createBuiltinSimulator({
      domain: echoDomain,
      options: { ...tiny, trainThreads: 2 },
      seed: 6,
    });
    const generated = await simulator.propose(contexts, { seed: 3, temperature: 1 });
    const records = recordsOf(generated, () => 1);
    // The expectation is attached before closing: the update is rejected while `close` is awaited.
    const refused = expect(simulator.update({ records }, { seed: 0 })).rejects.toMatchObject({
      code: 'policy',
      message: expect.stringMatching(/^update thread exited/),
    });
    await simulator.close!();
    await refused;
  });
});
