/**
 * Executes a chain of calls against a world: `$k` arguments are replaced by the result of call k
 * (1-based, earlier calls only), every argument is checked against its tool's parameter kinds, and
 * the first failure is reported as a reason.
 */
import type { ToolCall } from '../../interfaces/chat.ts';
import { checkArgument, toolByName } from './tools.ts';
import type { WorldState } from './world.ts';

export type ExecutionResult =
  | { ok: true; results: (string | number)[]; resolved: ToolCall[] }
  | { ok: false; reason: string };

/** `$k` → k (1-based), else null. */
export function referenceIndex(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^\$(\d)$/.exec(value.trim());
  return match ? Number(match[1]) : null;
}

/** Runs `calls` in order on `world` (which it changes: pass a clone). */
export function executeCalls(world: WorldState, calls: readonly ToolCall[]): ExecutionResult {
  const results: (string | number)[] = [];
  const resolved: ToolCall[] = [];
  for (const [position, entry] of calls.entries()) {
    const where = `call ${position + 1} ${entry.name}`;
    const tool = toolByName(entry.name);
    if (!tool) return { ok: false, reason: `${where}: unknown tool` };
    const args: Record<string, string | number> = {};
    for (const name of Object.keys(entry.arguments)) {
      if (!tool.parameters.some((item) => item.name === name))
        return { ok: false, reason: `${where}: unknown argument ${name}` };
    }
    for (const item of tool.parameters) {
      let value = entry.arguments[item.name];
      if (value === undefined) {
        if (item.required) return { ok: false, reason: `${where}: missing argument ${item.name}` };
        continue;
      }
      const reference = referenceIndex(value);
      if (reference !== null) {
        if (reference < 1 || reference > position)
          return { ok: false, reason: `${where}: $${reference} does not name an earlier call` };
        value = results[reference - 1];
      }
      const checked = checkArgument(item.kind, value, world);
      if (!checked.ok) return { ok: false, reason: `${where}: ${item.name}: ${checked.reason}` };
      args[item.name] = checked.value;
    }
    const result = tool.run(world, args);
    if (!result.ok) return { ok: false, reason: `${where}: ${result.reason}` };
    results.push(result.value);
    resolved.push({ name: entry.name, arguments: args });
  }
  return { ok: true, results, resolved };
}
