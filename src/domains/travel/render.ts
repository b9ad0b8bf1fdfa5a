/**
 * Prompts: the compact text for the built-in byte-level model (`prompt-text.ts`) and, for chat models, the messages
 * and `submit_plan` tool TravelPlanner's benchmark gives (official planner instructions with the output format; the
 * given information and the query). The reference answer is the solver's plan in the compact syntax, and the same
 * plan as a `submit_plan` call.
 */
import type { AgentPrompt, TaskInstance } from '../../interfaces/task.ts';
import { compactToPlan, formatCompactPlan } from './checks/compact-plan.ts';
import { solePlanningMessages, submitPlanToolSchema } from './checks/plan-format.ts';
import { SUBMIT_PLAN_TOOL } from './checks/plan-parsing.ts';
import { PLANNER_INSTRUCTION } from './checks/planner-instruction.ts';
import { givenInformationMessage } from './given-information.ts';
import { compactPromptText } from './prompt-text.ts';
import type { TravelPayload } from './variation.ts';

/**
 * Response budget in tokens for a compact answer: the built-in model's word-piece tokenizer cuts words, one- and
 * two-digit numbers and single symbols apart (merges only join within a piece), so the pieces bound the tokens once
 * names are merged whole; a fifth more and 8 leave room for names it splits.
 */
export function responseBudget(answer: string): number {
  const pieces = answer.match(/[A-Za-z_]+|[0-9]{1,2}|[\s\S]/g)?.length ?? 0;
  return Math.ceil(pieces * 1.2) + 8;
}

/** The agent prompt of an instance. */
export function renderTravel(instance: TaskInstance<TravelPayload>): AgentPrompt {
  const { query, plan, shown } = instance.payload;
  const answer = formatCompactPlan(plan);
  return {
    id: instance.id,
    family: instance.family,
    text: compactPromptText(query, shown),
    messages: solePlanningMessages(PLANNER_INSTRUCTION, givenInformationMessage(query, shown)),
    tools: [submitPlanToolSchema],
    maxResponseTokens: responseBudget(answer),
    reference: {
      answer,
      toolCalls: [{ name: SUBMIT_PLAN_TOOL, arguments: { plan: compactToPlan(plan) } }],
      difficulty: instance.features.difficulty ?? 0,
    },
  };
}
