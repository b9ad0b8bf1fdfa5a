import { describe, expect, it } from 'vitest';
import { resolveRunConfig } from '../composition/config-resolution.ts';

describe('resolveRunConfig with a world seed', () => {
  it("sets domain.options.worldSeed and keeps the domain's other options", () => {
    const config = resolveRunConfig({
      preset: 'ladder',
      overrides: {},
      worldSeed: 7,
    });
    expect(config.domain).toEqual({ name: 'ladder', options: { worldSeed: 7 } });
  });

  it('leaves the options as they are without one', () => {
    expect(resolveRunConfig({ preset: 'ladder', overrides: {} }).domain.options).toEqual({});
  });

  it('wins over a domain override, whose other options stay', () => {
    const config = resolveRunConfig({
      preset: 'toolworld',
      overrides: { domain: { name: 'toolworld', options: { worldSeed: 3, heldOutSize: 50 } } },
      worldSeed: 11,
    });
    expect(config.domain.options).toEqual({ worldSeed: 11, heldOutSize: 50 });
  });
});
