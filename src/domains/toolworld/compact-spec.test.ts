import { describe, expect, it } from 'vitest';
import { formatToolWorldSpec, parseToolWorldSpec } from './compact-spec.ts';
import type { ToolWorldSpec } from './spec.ts';

const spec: ToolWorldSpec = {
  intent: 'temp_text',
  distractors: ['mul', 'cancel_alarm'],
  phrasing: 1,
  words: 2,
  context: 0,
  slots: { city: 'Oslo', name: 'Ann' },
};

describe('compact spec text', () => {
  it('formats a spec compactly and parses it back', () => {
    const text = formatToolWorldSpec(spec);
    expect(text).toBe('temp_text|p1|w2|c0|d:mul,cancel_alarm|s:city=Oslo,name=Ann');
    expect(parseToolWorldSpec(text)).toEqual({ ok: true, value: spec });
    const plain: ToolWorldSpec = { intent: 'alarm', distractors: [], phrasing: 0, words: 0, context: 0, slots: {} };
    expect(formatToolWorldSpec(plain)).toBe('alarm|p0|w0|c0');
    expect(parseToolWorldSpec('alarm|p0|w0|c0')).toEqual({ ok: true, value: plain });
  });

  it('accepts JSON, fields in any order, omitted fields and surrounding spaces', () => {
    expect(parseToolWorldSpec(JSON.stringify(spec))).toEqual({ ok: true, value: spec });
    expect(parseToolWorldSpec(' temp_text | s:city=Oslo,name=Ann | w2 | d:mul,cancel_alarm | p1 \n')).toEqual({
      ok: true,
      value: spec,
    });
    expect(parseToolWorldSpec('{"intent": "alarm", "words": 1}')).toEqual({
      ok: true,
      value: { intent: 'alarm', distractors: [], phrasing: 0, words: 1, context: 0, slots: {} },
    });
    expect(parseToolWorldSpec('alarm')).toEqual({
      ok: true,
      value: { intent: 'alarm', distractors: [], phrasing: 0, words: 0, context: 0, slots: {} },
    });
  });

  it('rejects every kind of malformed or invalid spec with a reason', () => {
    const cases: [string, RegExp][] = [
      ['', /empty/],
      ['fly|p0', /intent/],
      ['Alarm|p0', /intent name/],
      ['alarm|p4', /phrasing/],
      ['alarm|w3', /words/],
      ['alarm|c3', /context/],
      ['alarm|p0|p1', /twice/],
      ['alarm|q1', /unknown spec field/],
      ['alarm|d:teleport', /distractors/],
      ['alarm|d:set_alarm', /calls/],
      ['alarm|d:mul,mul', /twice/],
      ['alarm|d:mul,', /empty distractor/],
      [
        `alarm|d:${[
          'mul',
          'add',
          'call',
          'convert',
          'exchange',
          'get_temp',
          'get_weather',
          'next_event',
          'order_status',
        ].join(',')}`,
        /distractors/,
      ],
      ['alarm|s:city=Oslo', /no slot city/],
      ['alarm|s:time', /name=value/],
      ['alarm|s:time=1,time=2', /twice/],
      ['alarm|s:time=', /slot values/],
      ['alarm\n|p0', /one line/],
      ['{"intent": "alarm"', /JSON/],
      [
        '{"intent": "alarm", "distractors": [], "phrasing": 0, "words": 0, "context": 0, "slots": {}, "extra": 1}',
        /extra|unrecognized/i,
      ],
      ['{"intent": "alarm", "distractors": [], "phrasing": 0.5, "words": 0, "context": 0, "slots": {}}', /phrasing/],
      [
        '{"intent": "text", "distractors": [], "phrasing": 0, "words": 0, "context": 0, "slots": {"text": "a,b"}}',
        /slot values/,
      ],
      ['[1, 2]', /invalid spec/],
      ['x'.repeat(3000), /too long/],
    ];
    for (const [text, reason] of cases) {
      const parsed = parseToolWorldSpec(text);
      expect(parsed.ok, text.slice(0, 60)).toBe(false);
      if (!parsed.ok) expect(parsed.reason, text.slice(0, 60)).toMatch(reason);
    }
  });
});
