import type { AgentPrompt } from '../../interfaces/task.ts';
import { solePlanningMessages, submitPlanToolSchema } from '../../domains/travel/checks/plan-format.ts';
import { constraintCount, type TravelQuery } from '../../domains/travel/checks/query.ts';
import { compactQueryText } from './compact-view.ts';
import type { TravelRecord } from './reference-data.ts';

/**
 * The prompt for one query. Chat models get the official sole-planning messages of the finetuning file
 * (planner instructions; reference information + query) with the JSON output format appended, and the
 * `submit_plan` tool; text models the travel domain's compact prompt (`compact-view.ts`), whose plan syntax the
 * benchmark reads too. `reference.answer` is the gold plan as JSON (padding days removed);
 * difficulty = days / 2 + number of local constraints (1.5 for an easy 3-day trip … 6.5 for a hard week).
 */
export function buildTravelPrompt(record: TravelRecord, query: TravelQuery): AgentPrompt {
  const answer = JSON.stringify(record.goldPlan);
  return {
    id: query.id,
    family: 'travelplanner',
    text: compactQueryText(record, query),
    messages: solePlanningMessages(record.systemMessage, record.userMessage),
    tools: [submitPlanToolSchema],
    maxResponseTokens: Math.ceil(answer.length / 3),
    reference: { answer, difficulty: query.days / 2 + constraintCount(query.localConstraint) },
  };
}
