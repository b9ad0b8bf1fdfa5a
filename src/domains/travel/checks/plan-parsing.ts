import type { ToolCall } from '../../../interfaces/chat.ts';
import type { Completion } from '../../../interfaces/task.ts';
import { compactToPlan, parseCompactPlan } from './compact-plan.ts';
import { toPlan, type Plan } from './plan.ts';
import { parsePythonLiteral } from './python-literal.ts';

/** Name of the tool a chat agent may call to hand in its plan: `submit_plan({plan: [...]})`. */
export const SUBMIT_PLAN_TOOL = 'submit_plan';

/**
 * A plan read from an answer, and where from; or why none was found (`compactReason`: why the text is not a compact
 * plan either, for answers with a `>` or `|` that may have meant one).
 */
export type PlanParse =
  | { plan: Plan; source: 'tool' | 'text' | 'compact' }
  | { plan: null; reason: string; compactReason?: string };

/**
 * Index just past the bracket that closes the one at `start`, skipping brackets inside '…' and "…" strings; -1 if
 * unclosed.
 */
function closingBracket(text: string, start: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let position = start; position < text.length; position++) {
    const character = text[position]!;
    if (quote !== null) {
      if (character === '\\') position++;
      else if (character === quote) quote = null;
    } else if (character === '"' || character === "'") {
      quote = character;
    } else if (character === '[' || character === '{') {
      depth++;
    } else if (character === ']' || character === '}') {
      depth--;
      if (depth === 0) return position + 1;
    }
  }
  return -1;
}

/**
 * A plan from parsed tool arguments: `{plan: [...]}` (the plan may also be given as text), or the day list itself under
 * another key.
 */
function planFromToolCall(call: ToolCall): Plan | null {
  const value = call.arguments.plan ?? Object.values(call.arguments).find(Array.isArray);
  if (typeof value === 'string') return planFromText(value);
  const plan = toPlan(value);
  return plan && plan.length > 0 ? plan : null;
}

/**
 * The last list of day objects written in the text, as JSON or as a Python literal (the gold plans'
 * `repr` form), inside or outside a code fence. Scans each "[" that opens a balanced span; keeps the
 * last span that parses to a non-empty list of objects. Null when there is none.
 */
export function planFromText(text: string): Plan | null {
  let found: Plan | null = null;
  let position = text.indexOf('[');
  while (position >= 0) {
    const end = closingBracket(text, position);
    if (end < 0) break;
    const candidate = text.slice(position, end);
    const parsed = parsePythonLiteral(candidate);
    const plan = parsed.ok ? toPlan(parsed.value) : null;
    if (plan && plan.length > 0) {
      found = plan;
      position = text.indexOf('[', end);
    } else {
      position = text.indexOf('[', position + 1);
    }
  }
  return found;
}

/**
 * The plan in an agent's completion: a `submit_plan` tool call (or any tool call carrying a day list)
 * first, else a list of day objects in the text, else the text as a compact plan (`compact-plan.ts`). Padding days
 * (`{}`) are kept — the checks only read the first `days` entries. Never throws: an unreadable answer is an
 * undelivered plan with its reason.
 */
export function parsePlan(completion: Pick<Completion, 'text' | 'toolCalls'>): PlanParse {
  for (const call of [...(completion.toolCalls ?? [])].reverse()) {
    const plan = planFromToolCall(call);
    if (plan) return { plan, source: 'tool' };
  }
  const text = completion.text ?? '';
  const plan = planFromText(text);
  if (plan) return { plan, source: 'text' };
  const compact = parseCompactPlan(text);
  if (compact.ok) return { plan: compactToPlan(compact.value), source: 'compact' };
  const reason = 'no list of day objects found in the answer';
  // Prose without a route or a field separator was no attempt at a compact plan.
  return /[>|]/.test(text) ? { plan: null, reason, compactReason: compact.reason } : { plan: null, reason };
}
