import { describe, expect, it } from 'vitest';
import { describeDomainContract } from '../../../test/contracts/domain-contract.ts';
import type { Completion, TaskInstance } from '../../interfaces/task.ts';
import { GenEnvError } from '../../interfaces/errors.ts';
import { formatCalls } from '../tool-call-syntax.ts';
import { createToolWorld } from './domain.ts';
import { INTENTS, intentArity } from './intents.ts';
import { nearMisses } from './near-misses.ts';
import { TOOLS } from './tools.ts';
import type { ToolWorldPayload } from './variation.ts';

const answer = (text: string, extra: Partial<Completion> = {}): Completion => ({
  text,
  policyVersion: 'test',
  ...extra,
});

describeDomainContract('toolworld', () => createToolWorld(), {
  grammarKeepsFamilies: true,
  nearMisses: (instance) =>
    nearMisses((instance as TaskInstance<ToolWorldPayload>).payload.calls).map((miss) =>
      answer(formatCalls(miss.calls)),
    ),
  invalidSpecTexts: [
    'fly_to_moon|p0|w0|c0',
    'alarm|p9|w0|c0',
    'alarm|p0|w0|c0|d:set_alarm',
    'alarm|p0|w0|c0|d:mul,mul',
    'alarm|p0|w0|c0|s:city=Oslo',
    'alarm|p0|x1',
    'alarm|p0|p1',
    '{"intent":"alarm","words":7}',
    '{"phrasing":1}',
  ],
});

describe('toolworld catalogue', () => {
  it('has at least 12 tools in at least 5 families, each with a JSON-Schema parameter object', () => {
    expect(TOOLS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(TOOLS.map((tool) => tool.family)).size).toBeGreaterThanOrEqual(5);
    for (const tool of TOOLS) expect(tool.parameters.length).toBeGreaterThan(0);
  });

  it(
    'has intents of every chain length 1–3 and arity 1–3, every chain call after the first using an earlier ' +
      'result',
    () => {
      expect(new Set(INTENTS.map((item) => item.calls.length))).toEqual(new Set([1, 2, 3]));
      expect(new Set(INTENTS.map(intentArity))).toEqual(new Set([1, 2, 3]));
      for (const item of INTENTS) {
        for (const entry of item.calls.slice(1))
          expect(
            Object.values(entry.args).some((source) => source.startsWith('$')),
            item.id,
          ).toBe(true);
        for (const phrasing of item.phrasings) {
          for (const slot of Object.keys(item.slots))
            expect(phrasing, `${item.id} phrasing mentions {${slot}}`).toContain(`{${slot}}`);
        }
      }
    },
  );
});

describe('toolworld datasets', () => {
  const domain = createToolWorld();

  it('has 500 seeds across difficulty levels and without unseen phrasings', () => {
    const seeds = domain.seeds();
    expect(seeds.length).toBe(500);
    const chains = new Set(seeds.map((seed) => domain.features(seed.spec).chainLength));
    expect(chains).toEqual(new Set([1, 2, 3]));
    expect(seeds.every((seed) => seed.spec.phrasing < 3)).toBe(true);
    expect(new Set(seeds.map((seed) => seed.family)).size).toBeGreaterThanOrEqual(5);
  });

  it('has versioned held-out sets of 200, test-hard harder than test-id on every knob', () => {
    const sets = domain.heldOutSets();
    expect(sets.map((set) => set.name)).toEqual(['test-id', 'test-hard']);
    const mean = (instances: TaskInstance[], key: string) =>
      instances.reduce((sum, item) => sum + item.features[key]!, 0) / instances.length;
    const [id, hard] = sets;
    for (const set of sets) {
      expect(set.instances.length).toBe(200);
      expect(set.version).toBe('toolworld-heldout-v1-n200-w1');
    }
    for (const key of [
      'chainLength',
      'distractors',
      'transformedValues',
      'paraphraseRarity',
      'irrelevantContext',
      'difficulty',
    ]) {
      expect(mean(hard!.instances, key), key).toBeGreaterThan(mean(id!.instances, key));
    }
    expect(hard!.instances.every((item) => item.features.paraphraseRarity === 3)).toBe(true);
  });

  it('keeps compact prompts short and sizes the response budget to the gold answer', () => {
    const lengths: number[] = [];
    for (const set of domain.heldOutSets()) {
      for (const instance of set.instances) {
        const prompt = domain.render(instance);
        lengths.push(prompt.text.length);
        expect(prompt.maxResponseTokens).toBeGreaterThan(prompt.reference.answer.length);
        expect(prompt.maxResponseTokens).toBeLessThan(prompt.reference.answer.length * 1.25 + 20);
        expect(prompt.tools!.map((tool) => tool.function.name)).toEqual(
          (instance as TaskInstance<ToolWorldPayload>).payload.toolsShown,
        );
      }
    }
    expect(Math.max(...lengths)).toBeLessThanOrEqual(300);
    expect(Math.min(...lengths)).toBeGreaterThanOrEqual(20);
  });

  it('orders reference difficulty: chains and transforms are harder than single literal calls', () => {
    const easy = domain.specFromKnobs(
      { chain: 1, arguments: 1, distractors: 0, words: 0, paraphrase: 0, context: 0 },
      1,
    );
    const hard = domain.specFromKnobs(
      { chain: 3, arguments: 3, distractors: 6, words: 2, paraphrase: 3, context: 2 },
      1,
    );
    expect(easy.ok && hard.ok).toBe(true);
    if (!easy.ok || !hard.ok) return;
    expect(domain.features(easy.value).difficulty).toBe(0);
    expect(domain.features(hard.value).difficulty).toBeGreaterThan(3);
  });
});

describe('toolworld options', () => {
  it('rejects bad options with a one-line config error', () => {
    const refused: Record<string, unknown>[] = [
      { seedTasks: 0 },
      { seedTasks: 'many' },
      { colour: 'blue' },
      { worldSeed: -1 },
    ];
    for (const options of refused) {
      let error: unknown;
      try {
        createToolWorld(options);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(GenEnvError);
      expect((error as GenEnvError).code).toBe('config');
      expect((error as GenEnvError).message).not.toContain('\n');
    }
  });

  it('honours seed-set and held-out sizes', () => {
    const small = createToolWorld({ seedTasks: 20, heldOutSize: 5 });
    expect(small.seeds().length).toBe(20);
    expect(small.heldOutSets().map((set) => set.instances.length)).toEqual([5, 5]);
    expect(small.seeds()).toEqual(createToolWorld().seeds().slice(0, 20));
  });
});
