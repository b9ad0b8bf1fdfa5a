/**
 * One variation of a spec: slots filled, gold calls built and executed against a copy of the world,
 * the request written with the spec's surface choices, and the tools shown shuffled.
 */
import type { ToolCall } from '../../interfaces/chat.ts';
import type { ParseResult } from '../../interfaces/task.ts';
import type { Random } from '../../util/random.ts';
import { executeCalls } from './execute.ts';
import { TRANSFORMABLE_KINDS, intentById, intentTools, type Intent } from './intents.ts';
import { CONTEXT_SENTENCES, fillSlots, writeSlot } from './slots.ts';
import type { ToolWorldSpec } from './spec.ts';
import { toolByName } from './tools.ts';
import { cloneWorld, type WorldState } from './world.ts';

/** Everything the domain needs later about an instance (JSON-serialisable; stored with traces). */
export interface ToolWorldPayload {
  spec: ToolWorldSpec;
  /** Slot values used, as strings. */
  slots: Record<string, string>;
  /** Irrelevant context and request, as the user says it. */
  request: string;
  /** Tool names shown, in display order (needed tools and distractors mixed). */
  toolsShown: string[];
  /** Gold calls; `$k` stands for the result of call k. */
  calls: ToolCall[];
  /** Results of executing the gold calls, in order. */
  results: (string | number)[];
  /** Gold calls with `$k` replaced and values typed. */
  resolved: ToolCall[];
}

/** Names of the intent's slots that are written in words under `words` (0 none, 1 the first, 2 all). */
export function wordSlots(item: Intent, words: number): string[] {
  const transformable = Object.keys(item.slots).filter((name) => TRANSFORMABLE_KINDS.has(item.slots[name]!));
  return words === 0 ? [] : words === 1 ? transformable.slice(0, 1) : transformable;
}

/** Gold calls of an intent for slot values; numeric parameters become numbers, `$k` and constants stay. */
export function goldCalls(item: Intent, slots: Record<string, string>): ToolCall[] {
  return item.calls.map((entry) => {
    const tool = toolByName(entry.tool)!;
    const args: Record<string, unknown> = {};
    for (const [name, source] of Object.entries(entry.args)) {
      let value: string | number = source.startsWith('$')
        ? source
        : source.startsWith('=')
          ? source.slice(1)
          : slots[source]!;
      const kind = tool.parameters.find((parameter) => parameter.name === name)?.kind;
      if (kind === 'number' && !source.startsWith('$') && /^[-+]?\d+(\.\d+)?$/.test(value)) value = Number(value);
      args[name] = value;
    }
    return { name: entry.tool, arguments: args };
  });
}

/** Builds one verified variation, or the reason the spec cannot be executed. */
export function buildVariation(spec: ToolWorldSpec, world: WorldState, random: Random): ParseResult<ToolWorldPayload> {
  const item = intentById(spec.intent);
  if (!item) return { ok: false, reason: `unknown intent ${spec.intent}` };
  const slots = fillSlots(item.slots, spec.slots, world, random);
  const calls = goldCalls(item, slots);
  const executed = executeCalls(cloneWorld(world), calls);
  if (!executed.ok) return { ok: false, reason: `cannot execute: ${executed.reason}` };
  const inWords = new Set(wordSlots(item, spec.words));
  let request = item.phrasings[spec.phrasing]!;
  for (const [name, kind] of Object.entries(item.slots)) {
    const written = writeSlot(kind, slots[name]!, inWords.has(name), random);
    if (written === null) return { ok: false, reason: `slot ${name}=${slots[name]} cannot be written in words` };
    request = request.split(`{${name}}`).join(written);
  }
  const context = random.shuffle(CONTEXT_SENTENCES).slice(0, spec.context);
  const toolsShown = random.shuffle([...intentTools(item), ...spec.distractors]);
  return {
    ok: true,
    value: {
      spec,
      slots,
      request: [...context, request].join(' '),
      toolsShown,
      calls,
      results: executed.results,
      resolved: executed.resolved,
    },
  };
}
