import { describe, expect, it } from 'vitest';
import { describeDomainContract } from '../../../test/contracts/domain-contract.ts';
import { PRESETS } from '../../composition/presets.ts';
import { GenEnvError } from '../../interfaces/errors.ts';
import { replayEpisode } from '../../interfaces/interaction.ts';
import { grammarState } from '../../interfaces/spec-grammar.ts';
import type { TaskInstance } from '../../interfaces/task.ts';
import { Tokenizer } from '../../models/tokenizer.ts';
import { agentCorpus } from '../../policies/builtin/corpus.ts';
import { modelSizes } from '../../policies/builtin/options.ts';
import { Random } from '../../util/random.ts';
import { type CompactTurn, compactTurnText } from './alfred/compact-text.ts';
import { DESTINATIONS, LAMP_HOLDERS, TARGETS, TASKS } from './catalogue.ts';
import { createHousehold } from './domain.ts';
import { ACTION_TOKENS, type HouseholdPayload, ORIGINAL_ROOM } from './episode.ts';
import { HOUSEHOLD_KNOBS } from './knobs.ts';
import { type HouseholdSpec, HouseholdSpecSchema, MAX_RECEPTACLES, MAX_WIDTH } from './spec.ts';

describeDomainContract('household of width 3', () => createHousehold({ heldOutSize: 40, width: 3 }), {
  grammarKeepsFamilies: true,
  limit: 30,
  invalidSpecTexts: [
    'pick|apple>countertop|r19|p1|d0|c0',
    'pick|apple>countertop|r18|p19|d0|c0',
    'pick|apple>countertop|r06|p1|d0|c0',
    'pick|apple>countertop|r12|p13|d0|c0',
    '{"task":"pick","object":"apple","destination":"shelf","receptacles":19,"position":1,"distractors":0,"closed":0}',
  ],
});

const valuesOf = (world: ReturnType<typeof createHousehold>, name: string) =>
  world.knobs.find((knob) => knob.name === name)!.values;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** A spec of `task` with a random object and destination (the scene numbers given). */
function specOf(
  task: HouseholdSpec['task'],
  scene: Omit<HouseholdSpec, 'task' | 'object' | 'destination'>,
  random: Random,
) {
  const destination = random.pick(task === 'look' ? LAMP_HOLDERS : DESTINATIONS);
  return { task, object: random.pick(TARGETS[task]), destination, ...scene };
}

describe('household width', () => {
  it('width 1 is the original household: its schema and knobs, receptacles 2–6 and depth 1–6', () => {
    const one = createHousehold({ heldOutSize: 1, width: 1 });
    expect(one.specSchema).toBe(HouseholdSpecSchema);
    expect(one.knobs).toBe(HOUSEHOLD_KNOBS);
    expect(valuesOf(one, 'receptacles')).toEqual([2, 3, 4, 5, 6]);
    expect(valuesOf(one, 'depth')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(one.parseSpec('pick|apple>shelf|r7|p1|d0|c0').ok).toBe(false);
    expect(grammarState(one.specGrammar!(), 'pick|apple>shelf|r7')).toBeNull();
  });

  it('widens receptacles and depth in its knobs, grammar, parser and instances; the other knobs stay', () => {
    const wide = createHousehold({ heldOutSize: 1, width: 3 });
    const top = 3 * MAX_RECEPTACLES;
    expect(valuesOf(wide, 'receptacles')).toEqual(range(2, top));
    expect(valuesOf(wide, 'depth')).toEqual(range(1, top));
    for (const name of ['task', 'distractors', 'closed'])
      expect(valuesOf(wide, name)).toEqual(HOUSEHOLD_KNOBS.find((knob) => knob.name === name)!.values);
    const grammar = wide.specGrammar!();
    const random = new Random(8);
    for (const [receptacles, position] of [
      [7, 7],
      [12, 10],
      [top, top],
    ] as const) {
      const spec = specOf(random.pick(TASKS), { receptacles, position, distractors: 6, closed: 3 }, random);
      const text = wide.formatSpec(spec);
      const state = grammarState(grammar, text);
      expect(state, text).not.toBeNull();
      expect(grammar.complete(state!), text).toBe(true);
      expect(wide.parseSpec(text)).toEqual({ ok: true, value: spec });
      const result = wide.instantiate(spec, 2, 5);
      if (!result.ok) throw new Error(result.reason);
      for (const instance of result.instances) {
        const { plan } = (instance as TaskInstance<HouseholdPayload>).payload;
        expect(plan.filter((action) => action.startsWith('go to')).length).toBeGreaterThanOrEqual(position);
        expect(wide.score(instance, { text: plan.join('\n'), policyVersion: 'test' }).success).toBe(true);
        expect(plan.length).toBeLessThanOrEqual(wide.interactive!.maxSteps(instance));
      }
      const built = wide.specFromKnobs({ task: 'pick', receptacles, depth: position, distractors: 6, closed: 3 }, 9);
      expect(built.ok && [built.value.receptacles, built.value.position]).toEqual([receptacles, position]);
    }
    expect(grammarState(grammar, `pick|apple>shelf|r${top + 1}`)).toBeNull();
    expect(grammarState(grammar, `pick|apple>shelf|r${top}|p${top + 1}`)).toBeNull();
    expect(wide.parseSpec(`pick|apple>shelf|r${top + 1}|p1|d0|c0`).ok).toBe(false);
    expect(wide.specFromKnobs({ task: 'pick', receptacles: top + 1, depth: 1, distractors: 0, closed: 0 }, 1).ok).toBe(
      false,
    );
  });

  it('keeps the seeds and the held-out sets of the original household, instance for instance', () => {
    const original = createHousehold({ heldOutSize: 30 });
    const wide = createHousehold({ heldOutSize: 30, width: 3 });
    expect(wide.seeds()).toEqual(original.seeds());
    expect(wide.heldOutSets()).toEqual(original.heldOutSets());
  });

  it('maps every receptacle of an original room, and leaves out of a larger one those searched and done with', () => {
    const opening = (names: string[]) =>
      `You are in the middle of a room. Looking quickly around you, you see ${names.map((name) => `a ${name}`).join(', ')}.\n` +
      'Your task is to: clean some mug and put it in sofa.';
    const turns: CompactTurn[] = [
      { action: 'go to shelf 2', observation: 'You arrive at shelf 2. On the shelf 2, you see nothing.' },
      { action: 'go to shelf 1', observation: 'You arrive at shelf 1. On the shelf 1, you see a vase 1.' },
      { action: 'go to sinkbasin 1', observation: 'You arrive at sinkbasin 1. On the sinkbasin 1, you see nothing.' },
    ];
    const small = ['shelf 2', 'shelf 1', 'sinkbasin 1', 'sofa 1', 'drawer 4', 'drawer 3', 'drawer 2', 'drawer 1'];
    expect(small).toHaveLength(ORIGINAL_ROOM);
    const room = (names: string[]) =>
      compactTurnText(opening(names), turns, { everyReceptacleUpTo: ORIGINAL_ROOM }).split('\n')[1];
    expect(room(small)).toBe(
      'Room: shelf 2 (nothing), shelf 1 (vase 1), sinkbasin 1 (nothing), sofa 1, drawer 4, drawer 3, drawer 2, drawer 1.',
    );
    expect(compactTurnText(opening(small), turns, { everyReceptacleUpTo: ORIGINAL_ROOM })).toBe(
      compactTurnText(opening(small), turns),
    );
    expect(room([...small, 'drawer 5'])).toBe(
      'Room: shelf 1 (vase 1), sinkbasin 1 (nothing), sofa 1, drawer 4, drawer 3, drawer 2, drawer 1, drawer 5.',
    );
  });

  it('fits every turn of the widest searches into the household agent’s context, with the names it copies', () => {
    const agent = PRESETS.household!.agent!.options as {
      size: keyof typeof modelSizes;
      merges: number;
      pieces: 'numbers';
    };
    const room = modelSizes[agent.size].contextLength - ACTION_TOKENS - 2;
    const widest = createHousehold({ heldOutSize: 1, width: MAX_WIDTH });
    const tokenizer = Tokenizer.learn(agentCorpus(widest, 1), agent.merges, agent.pieces);
    const top = MAX_RECEPTACLES * MAX_WIDTH;
    const random = new Random(3);
    let longest = 0;
    for (const task of TASKS)
      for (let draw = 0; draw < 5; draw++) {
        const position = random.int(top - 6, top);
        const spec = specOf(task, { receptacles: top, position, distractors: 6, closed: random.int(0, 3) }, random);
        const result = widest.instantiate(spec, 1, draw);
        if (!result.ok) throw new Error(result.reason);
        const instance = result.instances[0] as TaskInstance<HouseholdPayload>;
        const { plan } = instance.payload;
        const replay = replayEpisode(widest.interactive!, instance, plan);
        plan.forEach((action, turn) => {
          const text = widest.interactive!.turnPrompt(instance, replay.opening, replay.turns.slice(0, turn), '').text;
          longest = Math.max(longest, tokenizer.encode(text).length);
          for (const name of action.match(/[a-z]+ \d+/g) ?? []) expect(text, action).toContain(name);
        });
      }
    expect(longest).toBeLessThanOrEqual(room);
  });

  it('refuses a width out of range in one line', () => {
    for (const width of [0, MAX_WIDTH + 1, 1.5]) {
      expect(() => createHousehold({ width })).toThrow(GenEnvError);
      expect(() => createHousehold({ width })).toThrow(/^domain\.options\.width: /);
    }
  });
});
