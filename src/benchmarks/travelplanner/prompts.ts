import type { ToolSchema } from '../../interfaces/chat.ts';
import type { AgentPrompt } from '../../interfaces/task.ts';
import { PLAN_KEYS } from './plan.ts';
import { SUBMIT_PLAN_TOOL } from './plan-parsing.ts';
import { constraintCount, type TravelQuery } from './query-fields.ts';
import type { TravelRecord } from './reference-data.ts';

/** The output format asked of chat models, appended to the official planner instructions. */
export const PLAN_FORMAT_INSTRUCTION =
  'Give the plan as a JSON list with one object per day, keys "days" (1, 2, ...), "current_city" ("from A to B" ' +
  'on travel days), ' +
  '"transportation", "breakfast", "attraction" (entries each ending with ";"), "lunch", "dinner", ' +
  '"accommodation"; write every ' +
  'entry as "Name, City" exactly as in the given information and "-" where nothing is needed. You may instead ' +
  'call the ' +
  `${SUBMIT_PLAN_TOOL} tool with {"plan": [...]}.`;

/** `submit_plan({plan})`: the JSON-schema form of the official day list. */
export const submitPlanToolSchema: ToolSchema = {
  type: 'function',
  function: {
    name: SUBMIT_PLAN_TOOL,
    description: 'Hand in the complete travel plan, one object per day.',
    parameters: {
      type: 'object',
      properties: {
        plan: {
          type: 'array',
          items: {
            type: 'object',
            properties: Object.fromEntries(
              PLAN_KEYS.map((key) => [key, key === 'days' ? { type: 'integer' } : { type: 'string' }]),
            ),
            required: [...PLAN_KEYS],
          },
        },
      },
      required: ['plan'],
    },
  },
};

/** One line per row of a reference-information table: the values joined by " | " (keys dropped). */
function compactRows(rows: unknown): string {
  if (!Array.isArray(rows)) return String(rows);
  return rows
    .map((row) =>
      row && typeof row === 'object'
        ? Object.values(row as Record<string, unknown>)
            .map(String)
            .join(' | ')
        : String(row),
    )
    .join('\n');
}

/**
 * Compact text for small models: the query, then each reference table as "# description (column | …)"
 * followed by its rows' values. Attractions keep only name and city (coordinates, addresses and phones are noise).
 */
export function compactReferenceText(record: TravelRecord): string {
  const sections = Object.entries(record.referenceInfo).map(([description, rows]) => {
    const kept =
      description.startsWith('Attractions in ') && Array.isArray(rows)
        ? rows.map((row) => ({
            Name: (row as Record<string, unknown>).Name,
            City: (row as Record<string, unknown>).City,
          }))
        : rows;
    const first = Array.isArray(kept) ? kept[0] : undefined;
    const columns = first && typeof first === 'object' ? ` (${Object.keys(first).join(' | ')})` : '';
    return `# ${description}${columns}\n${compactRows(kept)}`;
  });
  return `Query: ${record.query}\n${sections.join('\n')}\nPlan:`;
}

/**
 * The prompt for one query. Chat models get the official sole-planning messages of the finetuning file
 * (planner instructions; reference information + query) with the JSON output format appended, and the
 * `submit_plan` tool. `reference.answer` is the gold plan as JSON (padding days removed);
 * difficulty = days / 2 + number of local constraints (1.5 for an easy 3-day trip … 6.5 for a hard week).
 */
export function buildTravelPrompt(record: TravelRecord, query: TravelQuery): AgentPrompt {
  const answer = JSON.stringify(record.goldPlan);
  return {
    id: query.id,
    family: 'travelplanner',
    text: compactReferenceText(record),
    messages: [
      { role: 'system', content: `${record.systemMessage}\n${PLAN_FORMAT_INSTRUCTION}` },
      { role: 'user', content: record.userMessage },
    ],
    tools: [submitPlanToolSchema],
    maxResponseTokens: Math.ceil(answer.length / 3),
    reference: { answer, difficulty: query.days / 2 + constraintCount(query.localConstraint) },
  };
}
