import { describe, expect, it } from 'vitest';
import type { Completion, TaskInstance } from '../../interfaces/task.ts';
import { formatCalls } from '../tool-call-syntax.ts';
import { createToolWorld } from './domain.ts';
import { INTENTS } from './intents.ts';
import { nearMisses } from './near-misses.ts';
import type { ToolWorldSpec } from './spec.ts';
import type { ToolWorldPayload } from './variation.ts';

const domain = createToolWorld({ seedTasks: 10, heldOutSize: 2 });
const answer = (text: string, extra: Partial<Completion> = {}): Completion => ({
  text,
  policyVersion: 'test',
  ...extra,
});
const specOf = (intent: string, slots: Record<string, string> = {}): ToolWorldSpec => ({
  intent,
  distractors: [],
  phrasing: 0,
  words: 0,
  context: 0,
  slots,
});
const instanceOf = (spec: ToolWorldSpec, seed = 1): TaskInstance<ToolWorldPayload> => {
  const result = domain.instantiate(spec, 1, seed);
  if (!result.ok) throw new Error(result.reason);
  return result.instances[0]!;
};

describe('toolworld scoring', () => {
  it('scores the gold answer 1 in all three formats for every intent', () => {
    for (const item of INTENTS) {
      const instance = instanceOf(specOf(item.id));
      const gold = instance.payload.calls;
      const blocks = gold
        .map((call, index) => {
          const body = { name: call.name, [index % 2 ? 'parameters' : 'arguments']: call.arguments };
          return `<tool_call>\n${JSON.stringify(body)}\n</tool_call>`;
        })
        .join('\n');
      for (const completion of [answer(formatCalls(gold)), answer('', { toolCalls: gold }), answer(blocks)]) {
        expect(domain.score(instance, completion), `${item.id}: ${completion.text}`).toEqual({
          reward: 1,
          success: true,
        });
      }
    }
  });

  it(
    'scores every near miss 0 for every intent: wrong value, type, tool, argument, order, extra and missing ' + 'calls',
    () => {
      const kinds = new Set<string>();
      for (const item of INTENTS) {
        for (const seed of [1, 2, 3]) {
          const instance = instanceOf(specOf(item.id), seed);
          for (const miss of nearMisses(instance.payload.calls)) {
            kinds.add(miss.kind);
            for (const completion of [answer(formatCalls(miss.calls)), answer('', { toolCalls: miss.calls })]) {
              expect(
                domain.score(instance, completion),
                `${item.id} ${miss.kind}: ${formatCalls(miss.calls)}`,
              ).toMatchObject({ reward: 0, success: false });
            }
          }
        }
      }
      expect([...kinds].sort()).toEqual([
        'extra argument',
        'extra call',
        'missing argument',
        'missing call',
        'missing first call',
        'swapped order',
        'wrong reference',
        'wrong tool',
        'wrong type (array)',
        'wrong type (boolean)',
        'wrong value',
      ]);
    },
  );

  it(
    'treats equivalent forms as equal: "5" and 5, 7:30 and 07:30, 2025-06-05 and 06-05, case, the literal ' +
      'result for $k',
    () => {
      const convert = instanceOf(specOf('units', { value: '5', from: 'km', to: 'mi' }));
      expect(domain.score(convert, answer('convert(value="5",from=KM,to=mi)')).success).toBe(true);
      expect(
        domain.score(
          convert,
          answer('', { toolCalls: [{ name: 'convert', arguments: { value: '5.0', from: 'km', to: 'mi' } }] }),
        ).success,
      ).toBe(true);
      expect(domain.score(convert, answer('convert(value=five,from=km,to=mi)')).success).toBe(false);
      expect(domain.score(convert, answer('convert(value=5,from=mi,to=km)')).success).toBe(false);
      const event = instanceOf(specOf('event', { title: 'dentist', date: '06-05', time: '07:30' }));
      expect(domain.score(event, answer('add_event(title=Dentist,date=2025-06-05,time=7:30)')).success).toBe(true);
      expect(domain.score(event, answer('add_event(title=dentist,date=06-05,time=19:30)')).success).toBe(false);
      const temperature = instanceOf(specOf('temp_text', { city: 'Oslo', name: 'Ann' }));
      const [celsius, fahrenheit] = temperature.payload.results;
      expect(
        domain.score(
          temperature,
          answer(`get_temp(city=Oslo);convert(value=${celsius},from=C,to=F);send_text(to=Ann,text=${fahrenheit})`),
        ).success,
      ).toBe(true);
      expect(
        domain.score(
          temperature,
          answer(`get_temp(city=Oslo);convert(value=${Number(celsius) + 1},from=C,to=F);send_text(to=Ann,text=$2)`),
        ).success,
      ).toBe(false);
      expect(
        domain.score(temperature, answer('get_temp(city=Oslo);convert(value=$2,from=C,to=F);send_text(to=Ann,text=$2)'))
          .success,
      ).toBe(false);
      // The same calls with literal values in another order: a set would match, the sequence does not.
      expect(
        domain.score(
          temperature,
          answer(`convert(value=${celsius},from=C,to=F);get_temp(city=Oslo);send_text(to=Ann,text=${fahrenheit})`),
        ).success,
      ).toBe(false);
    },
  );

  it('marks unreadable output invalid with reward 0 and a reason', () => {
    const instance = instanceOf(specOf('alarm'));
    for (const text of ['', 'set an alarm please', 'set_alarm(time=07:30', '<tool_call>{bad json}</tool_call>']) {
      const score = domain.score(instance, answer(text));
      expect(score.reward).toBe(0);
      expect(score.success).toBe(false);
      expect(score.invalid, text).toBeTruthy();
    }
    expect(domain.score(instance, answer('set_alarm(time=99:99)')).invalid).toBeUndefined();
  });

  it('with reward partial: gold 1, every near miss fails but keeps credit in (0, 1), unreadable 0', () => {
    const partial = createToolWorld({ seedTasks: 10, heldOutSize: 2, reward: 'partial' });
    for (const item of INTENTS) {
      const instance = instanceOf(specOf(item.id));
      expect(partial.score(instance, answer(formatCalls(instance.payload.calls)))).toEqual({
        reward: 1,
        success: true,
      });
      for (const miss of nearMisses(instance.payload.calls)) {
        const score = partial.score(instance, answer(formatCalls(miss.calls)));
        expect(score.success, `${item.id} ${miss.kind}`).toBe(false);
        expect(score.reward, `${item.id} ${miss.kind}`).toBeLessThan(1);
        expect(score.reward, `${item.id} ${miss.kind}`).toBeGreaterThanOrEqual(0);
      }
    }
    expect(partial.score(instanceOf(specOf('alarm')), answer('set an alarm please')).reward).toBe(0);
    // @ts-expect-error: the options' type refuses a reward it does not know too.
    expect(() => createToolWorld({ reward: 'half' })).toThrow(/reward/);
  });
});
