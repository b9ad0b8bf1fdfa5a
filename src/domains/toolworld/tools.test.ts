import { describe, expect, it } from 'vitest';
import { executeCalls } from './execute.ts';
import { TOOLS, canonicalArgument, toolSchema, toolSignature } from './tools.ts';
import { cloneWorld, createWorld } from './world.ts';

describe('toolworld tools', () => {
  const world = createWorld(1);

  it('builds the same world from the same seed and a different one from another seed', () => {
    expect(createWorld(1)).toEqual(world);
    expect(createWorld(2)).not.toEqual(world);
    expect(
      Object.values(world.orders).filter((order) => order.status === 'pending' || order.status === 'shipped').length,
    ).toBeGreaterThanOrEqual(5);
  });

  it('executes conversions, exchange and arithmetic with the right numbers', () => {
    const run = (name: string, args: Record<string, unknown>) => {
      const result = executeCalls(cloneWorld(world), [{ name, arguments: args }]);
      return result.ok ? result.results[0] : result.reason;
    };
    expect(run('convert', { value: 10, from: 'km', to: 'mi' })).toBe(6.21);
    expect(run('convert', { value: 100, from: 'C', to: 'F' })).toBe(212);
    expect(run('convert', { value: 212, from: 'F', to: 'C' })).toBe(100);
    expect(run('convert', { value: '2', from: 'kg', to: 'lb' })).toBe(4.41);
    expect(run('exchange', { amount: 100, from: 'USD', to: 'EUR' })).toBe(92);
    expect(run('exchange', { amount: 92, from: 'EUR', to: 'GBP' })).toBe(79);
    expect(run('add', { a: 2, b: '3' })).toBe(5);
    expect(run('mul', { a: 4, b: 2.5 })).toBe(10);
    expect(run('mul', { a: 4, b: 'two' })).toMatch(/not a number/);
    expect(run('add', { a: 1 })).toMatch(/missing argument b/);
    expect(run('add', { a: 1, b: 2, c: 3 })).toMatch(/unknown argument c/);
    expect(run('fly', {})).toMatch(/unknown tool/);
  });

  it('chains results through $k, changes only the cloned world, and rejects forward references', () => {
    const copy = cloneWorld(world);
    const result = executeCalls(copy, [
      { name: 'find_contact', arguments: { name: 'Ann' } },
      { name: 'call', arguments: { number: '$1' } },
      { name: 'send_text', arguments: { to: 'Bob', text: '$1' } },
    ]);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.results).toEqual([world.contacts.Ann, 'calling Ann', 'sent']);
    expect(copy.outbox).toEqual([{ to: 'Bob', text: world.contacts.Ann }]);
    expect(world.outbox).toEqual([]);
    const forward = executeCalls(cloneWorld(world), [{ name: 'call', arguments: { number: '$1' } }]);
    expect(forward.ok ? '' : forward.reason).toMatch(/earlier call/);
    const cancelled = cloneWorld(world);
    const open = Object.keys(world.orders).find((id) => world.orders[id]!.status === 'pending')!;
    expect(executeCalls(cancelled, [{ name: 'cancel_order', arguments: { id: open } }]).ok).toBe(true);
    const twice = executeCalls(cancelled, [{ name: 'cancel_order', arguments: { id: open } }]);
    expect(twice.ok ? '' : twice.reason).toMatch(/cancelled and cannot be cancelled/);
  });

  it('compares values in canonical form, keeping wrong types apart', () => {
    expect(canonicalArgument('number', '5')).toBe(canonicalArgument('number', 5));
    expect(canonicalArgument('number', true)).not.toBe(canonicalArgument('number', 1));
    expect(canonicalArgument('number', [5])).not.toEqual(canonicalArgument('number', 5));
    expect(canonicalArgument('time', '7:30')).toBe('07:30');
    expect(canonicalArgument('date', '2025-06-05')).toBe('06-05');
    expect(canonicalArgument('name', ' Ann ')).toBe(canonicalArgument('name', 'ann'));
    expect(canonicalArgument('text', '41.5')).toBe(canonicalArgument('text', 41.5));
  });

  it('gives every tool an OpenAI function schema and a compact signature', () => {
    for (const tool of TOOLS) {
      const schema = toolSchema(tool);
      expect(schema.function.name).toBe(tool.name);
      expect(Object.keys(schema.function.parameters.properties as object)).toEqual(
        tool.parameters.map((item) => item.name),
      );
      expect(toolSignature(tool)).toMatch(new RegExp(`^${tool.name}\\(`));
    }
    expect(toolSignature(TOOLS.find((tool) => tool.name === 'set_alarm')!)).toBe('set_alarm(time,label?)');
  });
});
