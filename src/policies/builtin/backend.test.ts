import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { GenEnvError } from '../../interfaces/errors.ts';
import { activeBackend, nativeUnavailableReason, setNativeThreads, useBackend } from '../../models/kernels.ts';
import { echoDomain } from '../../../test/support/echo-domain.ts';
import { createBuiltinAgent, createBuiltinSimulator } from './index.ts';

const tiny = { size: 'tiny', merges: 16, warmStartEpochs: 6, batchSize: 10, maxResponseTokens: 16 };
const initial = activeBackend();
afterAll(() => {
  useBackend(initial);
});

/** Warm start + sampling + one GRPO update of a fresh agent; returns what it sampled and its checkpoint bytes. */
async function trainedAgent(backend: 'native' | 'wasm') {
  const agent = await createBuiltinAgent({ domain: echoDomain, options: { ...tiny, backend }, seed: 4 });
  const prompts = echoDomain.seeds().map((seed, index) => {
    const result = echoDomain.instantiate(seed.spec, 1, index);
    if (!result.ok) throw new Error(result.reason);
    return echoDomain.render(result.instances[0]!);
  });
  await agent.warmStart(
    prompts.map((prompt) => ({ prompt, target: prompt.reference.answer })),
    { seed: 1 },
  );
  const sampled = await agent.act(prompts, { samples: 4, seed: 2, temperature: 1 });
  const groups = prompts.map((prompt, index) => ({
    prompt,
    completions: sampled[index]!,
    rewards: sampled[index]!.map((completion) => (completion.text === prompt.reference.answer ? 1 : 0)),
  }));
  await agent.update({ groups }, { seed: 3 });
  const directory = mkdtempSync(join(tmpdir(), 'genenv-backend-'));
  await agent.save(directory);
  await agent.close?.();
  const bytes = Object.fromEntries(
    readdirSync(directory)
      .sort()
      .map((name) => [name, readFileSync(join(directory, name)).toString('base64')]),
  );
  return { sampled, bytes, directory, prompts };
}

const reason = nativeUnavailableReason();
describe.skipIf(reason !== null)(
  `native backend in the built-in policies${reason ? ` (skipped: ${reason})` : ''}`,
  () => {
    it('gives identical samples and checkpoints for the same seed, backend and thread count', async () => {
      setNativeThreads(2);
      const first = await trainedAgent('native');
      const second = await trainedAgent('native');
      expect(second.sampled).toEqual(first.sampled);
      expect(second.bytes).toEqual(first.bytes);
      // One native thread computes every output the same way: the same bits again.
      setNativeThreads(1);
      const single = await trainedAgent('native');
      setNativeThreads(2);
      expect(single.bytes).toEqual(first.bytes);
    });

    it('loads a checkpoint trained on the native backend into the WASM backend and back', async () => {
      const trained = await trainedAgent('native');
      const greedy = { samples: 1, seed: 5, temperature: 0 };
      const onNative = await createBuiltinAgent({
        domain: echoDomain,
        options: { ...tiny, backend: 'native' },
        seed: 9,
      });
      await onNative.load(trained.directory);
      const nativeAnswers = await onNative.act(trained.prompts, greedy);
      await onNative.close?.();
      const onWasm = await createBuiltinAgent({ domain: echoDomain, options: { ...tiny, backend: 'wasm' }, seed: 9 });
      await onWasm.load(trained.directory);
      expect(activeBackend()).toBe('wasm');
      const wasmAnswers = await onWasm.act(trained.prompts, greedy);
      await onWasm.close?.();
      expect(wasmAnswers.map((group) => group[0]!.text)).toEqual(nativeAnswers.map((group) => group[0]!.text));
      wasmAnswers.forEach((group, index) => {
        group[0]!.logprobs!.forEach((logprob, position) => {
          expect(logprob).toBeCloseTo(nativeAnswers[index]![0]!.logprobs![position]!, 3);
        });
      });
    });
  },
);

describe('backend option', () => {
  it('is one backend per process: agent and simulator asking for different ones is a one-line error', async () => {
    const agent = await createBuiltinAgent({ domain: echoDomain, options: { ...tiny, backend: 'wasm' }, seed: 1 });
    await agent.close?.();
    const attempt = createBuiltinSimulator({ domain: echoDomain, options: { ...tiny, backend: 'native' }, seed: 1 });
    await expect(attempt).rejects.toBeInstanceOf(GenEnvError);
    await attempt.catch((error: GenEnvError) =>
      expect(error.message).toBe(
        "simulator.options.backend: native differs from the agent's wasm (one backend per process)",
      ),
    );
  });

  it('forcing native where the addon is missing says why in one line', async () => {
    // The addon's absence is simulated, so this runs whether or not it was built here.
    vi.resetModules();
    vi.doMock('../../models/backend-native.ts', async (importOriginal) => ({
      ...(await importOriginal<typeof import('../../models/backend-native.ts')>()),
      loadNativeBackend: () => ({ ok: false, reason: 'the addon was not built (simulated)' }),
    }));
    try {
      const { createBuiltinAgent: createWithoutAddon } = await import('./index.ts');
      const attempt = createWithoutAddon({ domain: echoDomain, options: { ...tiny, backend: 'native' }, seed: 1 });
      await expect(attempt).rejects.toThrow(
        /^agent\.options\.backend: the native backend was asked for but the addon was not built \(simulated\)/,
      );
    } finally {
      vi.doUnmock('../../models/backend-native.ts');
      vi.resetModules();
    }
  });
});
