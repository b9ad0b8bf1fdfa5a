import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_SPEC_TEXT, parseSpecText } from './spec-text.ts';

const format = {
  schema: z.object({ name: z.string(), size: z.number().int().min(1) }).strict(),
  jsonDefaults: { size: 1 },
  parseCompact: (text: string) => {
    const [name, size] = text.split('|');
    return size === undefined
      ? { ok: false as const, reason: 'expected name|size' }
      : { ok: true as const, value: { name, size: Number(size) } };
  },
};

describe('parseSpecText', () => {
  it('reads the compact form and JSON with its defaults into the same spec', () => {
    expect(parseSpecText(' box|3 ', format)).toEqual({ ok: true, value: { name: 'box', size: 3 } });
    expect(parseSpecText('{"name":"box"}', format)).toEqual({ ok: true, value: { name: 'box', size: 1 } });
  });

  it('gives a reason for empty, overlong, broken JSON, compact and schema failures', () => {
    const reasons = ['', 'x'.repeat(MAX_SPEC_TEXT + 1), '{"name":', 'box', 'box|0', '[1]'].map((text) => {
      const result = parseSpecText(text, format);
      return result.ok ? 'parsed' : result.reason;
    });
    expect(reasons[0]).toBe('empty spec');
    expect(reasons[1]).toMatch(/too long/);
    expect(reasons[2]).toMatch(/not valid JSON/);
    expect(reasons[3]).toBe('expected name|size');
    expect(reasons[4]).toMatch(/^invalid spec: .*size/);
    expect(reasons[5]).toMatch(/^invalid spec/);
  });
});
