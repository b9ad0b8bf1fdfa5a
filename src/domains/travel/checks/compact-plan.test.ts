import { describe, expect, it } from 'vitest';
import { compactToPlan, formatCompactPlan, parseCompactPlan, type CompactDay } from './compact-plan.ts';
import { parsePlan } from './plan-parsing.ts';

const text = [
  'Avon>Pell F1234|Pine',
  'Pell|Pine|Lotus|Basil|Fig|Museum;Zoo',
  'Pell>Lynn car|Oak|Wok',
  'Lynn>Avon taxi',
].join('\n');

describe('compact plan syntax', () => {
  it('round-trips through its text, leaving out trailing empty entries', () => {
    const parsed = parseCompactPlan(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value[1]).toEqual<CompactDay>({
      from: 'Pell',
      to: null,
      transport: null,
      stay: 'Pine',
      breakfast: 'Lotus',
      attractions: ['Museum', 'Zoo'],
      lunch: 'Basil',
      dinner: 'Fig',
    });
    expect(formatCompactPlan(parsed.value)).toBe(text);
    expect(parseCompactPlan(' \nAvon>Pell F1|-|-|-|-|-\r\nPell>Avon car\n').ok).toBe(true);
  });

  it('writes the official day dicts: entries in the day’s city, on a travel day the one reached unless home', () => {
    const parsed = parseCompactPlan(text);
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(compactToPlan(parsed.value)).toEqual([
      {
        days: 1,
        current_city: 'from Avon to Pell',
        transportation: 'Flight Number: F1234, from Avon to Pell',
        breakfast: '-',
        attraction: '-',
        lunch: '-',
        dinner: '-',
        accommodation: 'Pine, Pell',
      },
      {
        days: 2,
        current_city: 'Pell',
        transportation: '-',
        breakfast: 'Lotus, Pell',
        attraction: 'Museum, Pell;Zoo, Pell;',
        lunch: 'Basil, Pell',
        dinner: 'Fig, Pell',
        accommodation: 'Pine, Pell',
      },
      {
        days: 3,
        current_city: 'from Pell to Lynn',
        transportation: 'Self-driving, from Pell to Lynn',
        breakfast: 'Wok, Lynn',
        attraction: '-',
        lunch: '-',
        dinner: '-',
        accommodation: 'Oak, Lynn',
      },
      {
        days: 4,
        current_city: 'from Lynn to Avon',
        transportation: 'Taxi, from Lynn to Avon',
        breakfast: '-',
        attraction: '-',
        lunch: '-',
        dinner: '-',
        accommodation: '-',
      },
    ]);
  });

  it('reads real names with spaces and commas, and entries that name one of the day’s cities', () => {
    const parsed = parseCompactPlan(
      'St. Petersburg>San Angelo F3573659|Cozy Loft, near park|Subway, St. Petersburg|Dial A Cake\n' +
        'San Angelo>St. Petersburg taxi|-|Nukkad, Avon',
    );
    if (!parsed.ok) throw new Error(parsed.reason);
    const [first, last] = compactToPlan(parsed.value);
    expect(first).toMatchObject({
      accommodation: 'Cozy Loft, near park, San Angelo',
      breakfast: 'Subway, St. Petersburg',
      lunch: 'Dial A Cake, San Angelo',
    });
    expect(last!.breakfast).toBe('Nukkad, Avon, San Angelo');
  });

  it('refuses prose and half-written plans with the line and the reason', () => {
    for (const [answer, reason] of [
      ['', 'no plan lines'],
      ['Answer: 1', 'line 1: the first day must travel ("A>B <transport>")'],
      ['I cannot plan this trip.', 'line 1: the first day must travel ("A>B <transport>")'],
      ['Avon>Pell|Pine', 'line 1: a travel day is "A>B <flight number|car|taxi>"'],
      ['Avon>Pell bus|Pine', 'line 1: transport "bus" is not a flight number, car or taxi'],
      ['Avon>Pell car\nA|b|c|d|e|f|g', 'line 2: more than 6 fields'],
      ['Avon>Pell car\n|Pine', 'line 2: no city at the start of the line'],
      ['Avon>Pell car\n'.repeat(31), 'more than 30 plan lines'],
    ] as const) {
      expect(parseCompactPlan(answer), answer).toEqual({ ok: false, reason });
    }
  });

  it('is what parsePlan falls back to after tool calls and day lists, with its reason where it looked meant', () => {
    expect(parsePlan({ text })).toMatchObject({ source: 'compact', plan: [{ days: 1 }, {}, {}, {}] });
    expect(parsePlan({ text: `[{"days": 1, "current_city": "Avon"}]\n${text}` })).toMatchObject({ source: 'text' });
    expect(parsePlan({ text: 'Avon>Pell|Pine' })).toEqual({
      plan: null,
      reason: 'no list of day objects found in the answer',
      compactReason: 'line 1: a travel day is "A>B <flight number|car|taxi>"',
    });
  });
});
