import { describe, expect, it } from 'vitest';
import { describeDomainContract } from '../../../test/contracts/domain-contract.ts';
import { replayEpisode } from '../../interfaces/interaction.ts';
import type { Completion, TaskInstance } from '../../interfaces/task.ts';
import { createHousehold } from './domain.ts';
import type { HouseholdPayload } from './episode.ts';
import { buildGame } from './game-cache.ts';
import { referencePlan } from './planner.ts';
import { buildScene } from './scene-builder.ts';
import { Random } from '../../util/random.ts';
import { parseHouseholdSpec } from './spec.ts';

const answer = (text: string): Completion => ({ text, policyVersion: 'test' });
const domain = createHousehold({ heldOutSize: 40 });

describeDomainContract('household', () => createHousehold({ heldOutSize: 40 }), {
  grammarKeepsFamilies: true,
  nearMisses: (instance) => {
    const plan = (instance as TaskInstance<HouseholdPayload>).payload.plan;
    const last = plan[plan.length - 1]!;
    return [
      answer(plan.slice(0, -1).join('\n')),
      answer([...plan.slice(0, -1), last.replace(/ 1$/, ' 2')].join('\n')),
      answer(plan.map((step) => step.replace(/^take (\w+) \d+/, 'take $1 9')).join('\n')),
    ];
  },
  invalidSpecTexts: [
    'heat|keychain>countertop|r3|p1|d0|c0',
    'pick|apple>sinkbasin|r3|p1|d0|c0',
    'pick|apple>countertop|r3|p4|d0|c0',
    'pick|apple>countertop|r9|p1|d0|c0',
    'look|book>countertop|r3|p1|d0|c0',
    'fly|apple>countertop|r3|p1|d0|c0',
    '{"task":"pick","object":"apple"}',
  ],
});

describe('household planner', () => {
  it('proves every seed and held-out task solvable: each reference plan wins its episode and scores 1', () => {
    const instances: TaskInstance<HouseholdPayload>[] = domain.heldOutSets().flatMap((set) => set.instances);
    for (const seed of domain.seeds()) {
      const result = domain.instantiate(seed.spec, 1, 11);
      expect(result.ok, result.ok ? '' : result.reason).toBe(true);
      if (result.ok) instances.push(...result.instances);
    }
    for (const instance of instances) {
      const gold = domain.score(instance, answer(instance.payload.plan.join('\n')));
      expect(gold, instance.payload.spec).toMatchObject({ reward: 1, success: true });
      expect(instance.payload.plan.length).toBeLessThanOrEqual(domain.interactive!.maxSteps(instance));
    }
  });

  it('rejects a scene whose target is missing with a reason', () => {
    const parsed = parseHouseholdSpec('pick|apple>countertop|r3|p2|d1|c1');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const built = buildScene(parsed.value, new Random(3));
    for (const receptacle of built.scene.receptacles)
      receptacle.contents = (receptacle.contents ?? []).filter((thing) => thing.kind !== 'apple');
    const game = buildGame(built.scene, 'missing-target');
    expect(game.ok).toBe(true);
    if (!game.ok) return;
    const plan = referencePlan(game.value, built, 'pick', 'apple');
    expect(plan).toEqual({ ok: false, reason: 'no reference plan: no apple found in the room' });
  });

  it('makes test-hard longer than test-id and keeps the compact prompt short', () => {
    const [id, hard] = domain.heldOutSets();
    const mean = (set: typeof id) =>
      set!.instances.reduce((sum, item) => sum + item.features.planLength!, 0) / set!.instances.length;
    expect(mean(hard)).toBeGreaterThan(mean(id) + 2);
    for (const instance of id!.instances) expect(domain.render(instance).text.length).toBeLessThan(260);
  });

  it('shows at every turn of a reference episode each name its next action copies, in a short text', () => {
    for (const set of domain.heldOutSets())
      for (const instance of set.instances.slice(0, 20)) {
        const { plan } = instance.payload;
        const replay = replayEpisode(domain.interactive!, instance, plan);
        expect(replay.verdict.success).toBe(true);
        plan.forEach((action, turn) => {
          const text = domain.interactive!.turnPrompt(instance, replay.opening, replay.turns.slice(0, turn), '').text;
          // 420 characters are at most about 210 tokens of the preset's tokenizer: with a 24-token action, inside 256.
          expect(text.length).toBeLessThan(420);
          for (const name of action.match(/[a-z]+ \d+/g) ?? []) expect(text, action).toContain(name);
        });
      }
  });

  it('answers bad commands with "Nothing happens." and counts thoughts as steps', () => {
    const instance = domain.heldOutSets()[0]!.instances[0]!;
    const environment = domain.interactive!.reset(instance);
    expect(environment.step({ text: 'dance wildly' })).toEqual({
      action: 'dance wildly',
      observation: 'Nothing happens.',
      done: false,
    });
    expect(environment.step({ text: 'think: where is it?' }).observation).toBe('OK.');
    expect(environment.step({ text: '' }).action).toBe('');
    expect(environment.verdict()).toEqual({ reward: 0, success: false });
  });
});
