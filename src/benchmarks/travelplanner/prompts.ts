import type { AgentPrompt } from '../../interfaces/task.ts';
import { solePlanningMessages, submitPlanToolSchema } from '../../domains/travel/checks/plan-format.ts';
import { constraintCount, type TravelQuery } from '../../domains/travel/checks/query.ts';
import type { TravelRecord } from './reference-data.ts';

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
    messages: solePlanningMessages(record.systemMessage, record.userMessage),
    tools: [submitPlanToolSchema],
    maxResponseTokens: Math.ceil(answer.length / 3),
    reference: { answer, difficulty: query.days / 2 + constraintCount(query.localConstraint) },
  };
}
