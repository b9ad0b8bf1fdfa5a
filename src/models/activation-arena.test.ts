import { describe, expect, it } from 'vitest';
import { ActivationArena } from './activation-arena.ts';

describe('activation arena', () => {
  it('hands out views of one buffer per name, grown when a larger one is asked for', () => {
    const arena = new ActivationArena();
    const first = arena.take('query', 10);
    first.fill(3);
    const again = arena.take('query', 8);
    expect(again).toHaveLength(8);
    expect(again.buffer).toBe(first.buffer);
    // The memory is reused as it is: the pass that takes it overwrites it.
    expect(again[0]).toBe(3);
    expect(arena.take('key', 8).buffer).not.toBe(first.buffer);
    const larger = arena.take('query', 100);
    expect(larger).toHaveLength(100);
    expect(larger.buffer).not.toBe(first.buffer);
    expect(arena.take('query', 120).buffer).toBe(larger.buffer);
  });

  it('keeps the layers apart', () => {
    const arena = new ActivationArena();
    expect(arena.layer(0)('gate', 4).buffer).not.toBe(arena.layer(1)('gate', 4).buffer);
    expect(arena.layer(1)('gate', 4).buffer).toBe(arena.layer(1)('gate', 2).buffer);
  });
});
