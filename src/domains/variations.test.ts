import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { heldOutInstance, instantiateVariations } from './variations.ts';

const schema = z.object({ size: z.number().int().min(1) }).strict();
const build = (valid: { size: number }, index: number) =>
  index < valid.size
    ? { ok: true as const, instance: { id: `i${index}`, family: 'f', features: {}, payload: index } }
    : { ok: false as const, reason: `variation ${index} does not fit` };

describe('instantiateVariations', () => {
  it('builds n variations in order from the parsed spec', () => {
    const result = instantiateVariations(schema, { size: 3 }, 3, 8, build);
    expect(result.ok && result.instances.map((instance) => instance.payload)).toEqual([0, 1, 2]);
  });

  it('gives the reason for a bad n, a spec the schema rejects, or the first variation that fails', () => {
    const reasons = [
      instantiateVariations(schema, { size: 3 }, 0, 8, build),
      instantiateVariations(schema, { size: 3 }, 9, 8, build),
      instantiateVariations(schema, { size: 0 }, 1, 8, build),
      instantiateVariations(schema, { size: 2 }, 4, 8, build),
    ].map((result) => (result.ok ? 'built' : result.reason));
    expect(reasons[0]).toMatch(/n must be an integer in 1\.\.8, got 0/);
    expect(reasons[1]).toMatch(/got 9/);
    expect(reasons[2]).toMatch(/^invalid spec: .*size/);
    expect(reasons[3]).toBe('variation 2 does not fit');
  });
});

describe('heldOutInstance', () => {
  it('returns the first instance, and names the domain when a fixed spec fails', () => {
    expect(heldOutInstance('toy', instantiateVariations(schema, { size: 1 }, 1, 8, build)).id).toBe('i0');
    expect(() => heldOutInstance('toy', { ok: false, reason: 'broken' })).toThrow(/toy held-out spec failed: broken/);
  });
});
