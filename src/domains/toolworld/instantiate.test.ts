import { describe, expect, it } from 'vitest';
import { createToolWorld } from './domain.ts';
import { INTENTS } from './intents.ts';
import type { ToolWorldSpec } from './spec.ts';
import { createWorld } from './world.ts';

const domain = createToolWorld({ seedTasks: 10, heldOutSize: 2 });
const world = createWorld(1);
const specOf = (
  intent: string,
  slots: Record<string, string> = {},
  surface: Partial<ToolWorldSpec> = {},
): ToolWorldSpec => ({ intent, distractors: [], phrasing: 0, words: 0, context: 0, slots, ...surface });

describe('toolworld instantiate', () => {
  it('instantiates every intent at every surface level, with ground truth from executing the calls', () => {
    for (const item of INTENTS) {
      for (const words of [0, 1, 2]) {
        const result = domain.instantiate(
          specOf(
            item.id,
            {},
            {
              words,
              phrasing: 3,
              context: 2,
              distractors: ['add_event'].filter((name) => item.calls.every((call) => call.tool !== name)),
            },
          ),
          5,
          11,
        );
        expect(result.ok, `${item.id} w${words}: ${result.ok ? '' : result.reason}`).toBe(true);
        if (!result.ok) continue;
        for (const instance of result.instances) {
          expect(instance.payload.results.length).toBe(item.calls.length);
          expect(instance.payload.request).not.toMatch(/[{}]/);
        }
      }
    }
    const status = domain.instantiate(specOf('order', { id: 'B100' }), 1, 1);
    const orderId = Object.keys(world.orders)[0]!;
    const known = domain.instantiate(specOf('order_text', { id: orderId, name: 'Ann' }), 1, 1);
    expect(status.ok).toBe(false);
    expect(known.ok).toBe(true);
    if (known.ok) {
      expect(known.instances[0]!.payload.results[0]).toBe(world.orders[orderId]!.status);
      expect(known.instances[0]!.payload.resolved[1]).toEqual({
        name: 'send_text',
        arguments: { to: 'Ann', text: world.orders[orderId]!.status },
      });
    }
  });

  it('rejects specs that cannot be executed, with the reason', () => {
    const delivered = Object.keys(world.orders).find(
      (id) => world.orders[id]!.status === 'delivered' || world.orders[id]!.status === 'cancelled',
    )!;
    const noAlarm = ['06:00', '06:05', '23:55'].find((time) => !world.alarms.some((alarm) => alarm.time === time))!;
    const freeDay = ['06-07', '06-08'].find((date) => !world.events.some((event) => event.date === date));
    const cases: [ToolWorldSpec, RegExp][] = [
      [specOf('contact', { name: 'Zed' }), /unknown contact/],
      [specOf('weather', { city: 'Atlantis' }), /unknown city/],
      [specOf('weather', { date: '07-30' }), /not a date/],
      [specOf('alarm', { time: '25:00' }), /not a time/],
      [specOf('alarm', { time: 'seven' }), /not a time/],
      [specOf('units', { from: 'kg', to: 'mi' }), /cannot convert kg/],
      [specOf('units', { from: 'km', to: 'km' }), /two different units/],
      [specOf('units', { from: 'parsec' }), /unknown unit/],
      [specOf('units', { value: 'lots' }), /not a number/],
      [specOf('money', { from: 'EUR', to: 'EUR' }), /two different currencies/],
      [specOf('money', { to: 'BTC' }), /unknown currency/],
      [specOf('order_cancel', { id: delivered }), /cannot be cancelled/],
      [specOf('alarm_cancel', { time: noAlarm }), /no alarm/],
      [specOf('add', { a: '2.5' }, { words: 2 }), /cannot be written in words/],
      [specOf('order', { id: 'B100x' }), /unknown order/],
      [{ ...specOf('alarm'), intent: 'teleport' } as ToolWorldSpec, /invalid spec/],
      [specOf('alarm', {}, { distractors: ['set_alarm'] }), /calls/],
    ];
    if (freeDay) cases.push([specOf('next_event', { date: freeDay }), /no events/]);
    for (const [spec, reason] of cases) {
      const result = domain.instantiate(spec, 3, 1);
      expect(result.ok, JSON.stringify(spec)).toBe(false);
      if (!result.ok) expect(result.reason, JSON.stringify(spec)).toMatch(reason);
    }
    for (const n of [0, -1, 1.5, 5000]) expect(domain.instantiate(specOf('alarm'), n, 1).ok).toBe(false);
  });

  it(
    'is a pure function of (spec, seed): ids depend on spec, seed and index; fixed slots are kept, open ones ' + 'vary',
    () => {
      const spec = specOf('weather_text', { name: 'Ann' });
      const first = domain.instantiate(spec, 8, 5);
      const again = createToolWorld({ seedTasks: 3, heldOutSize: 1 }).instantiate(spec, 8, 5);
      expect(again).toEqual(first);
      expect(first.ok).toBe(true);
      if (!first.ok) return;
      expect(new Set(first.instances.map((instance) => instance.id)).size).toBe(8);
      expect(first.instances.every((instance) => instance.payload.slots.name === 'Ann')).toBe(true);
      expect(new Set(first.instances.map((instance) => instance.payload.slots.city)).size).toBeGreaterThan(1);
      const reordered = domain.instantiate(specOf('event', { time: '07:30', title: 'yoga' }), 2, 5);
      expect(domain.instantiate(specOf('event', { title: 'yoga', time: '07:30' }), 2, 5)).toEqual(reordered);
      const other = domain.instantiate({ ...spec, phrasing: 1 }, 8, 5);
      if (other.ok) expect(other.instances[0]!.id).not.toBe(first.instances[0]!.id);
    },
  );

  it('writes values in words exactly as the words level asks', () => {
    const literal = domain.instantiate(specOf('units', { value: '25', from: 'km', to: 'mi' }), 1, 1);
    const first = domain.instantiate(specOf('units', { value: '25', from: 'km', to: 'mi' }, { words: 1 }), 1, 1);
    const all = domain.instantiate(specOf('units', { value: '25', from: 'km', to: 'mi' }, { words: 2 }), 1, 1);
    const requests = [literal, first, all].map((result) => (result.ok ? result.instances[0]!.payload.request : ''));
    expect(requests).toEqual([
      'convert 25 km to mi',
      'convert twenty-five km to mi',
      'convert twenty-five kilometres to miles',
    ]);
    const time = domain.instantiate(specOf('alarm', { time: '19:45' }, { words: 2 }), 1, 1);
    expect(time.ok && time.instances[0]!.payload.request).toMatch(
      /^set an alarm for quarter to eight (pm|in the evening)$/,
    );
  });

  it('builds specs from knobs: chain length and distractor count as asked, invalid knob values rejected', () => {
    for (const chain of [1, 2, 3]) {
      for (const distractors of [0, 1, 2, 4, 6]) {
        const built = domain.specFromKnobs(
          { chain, arguments: 2, distractors, words: 1, paraphrase: 2, context: 1 },
          chain * 10 + distractors,
        );
        expect(built.ok).toBe(true);
        if (!built.ok) continue;
        expect(domain.features(built.value)).toMatchObject({
          chainLength: chain,
          distractors,
          paraphraseRarity: 2,
          irrelevantContext: 1,
        });
        expect(domain.instantiate(built.value, 2, 1).ok).toBe(true);
      }
    }
    const base = { chain: 1, arguments: 1, distractors: 0, words: 0, paraphrase: 0, context: 0 };
    expect(
      domain.knobValuesOf!({
        intent: 'temp_f',
        distractors: ['add', 'mul', 'call'],
        phrasing: 2,
        words: 1,
        context: 0,
        slots: {},
      }),
    ).toEqual({ chain: 2, arguments: 3, distractors: 4, words: 1, paraphrase: 2, context: 0 });
    for (const bad of [{ ...base, chain: 4 }, { ...base, distractors: 3 }, { ...base, colour: 1 }, { chain: 1 }]) {
      const built = domain.specFromKnobs(bad, 1);
      expect(built.ok).toBe(false);
    }
  });
});

describe('toolworld knob values of a spec', () => {
  it('inverts specFromKnobs on every seed: the spec rebuilt from its knob values has the same knob values', () => {
    const seeds = createToolWorld({ seedTasks: 200, heldOutSize: 1 }).seeds();
    for (const seed of seeds) {
      const values = domain.knobValuesOf!(seed.spec)!;
      for (const knob of domain.knobs) expect(knob.values, knob.name).toContain(values[knob.name]);
      const rebuilt = domain.specFromKnobs(values, 3);
      expect(rebuilt.ok).toBe(true);
      if (rebuilt.ok) expect(domain.knobValuesOf!(rebuilt.value)).toEqual(values);
    }
  });
});
