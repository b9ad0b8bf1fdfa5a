/**
 * Prompts: compact text for the built-in model (the action, then the clauses in order; 10–300 characters) and chat
 * messages with the ladder's tools for chat models. The reference answer is the gold pair of calls in compact call
 * syntax.
 */
import type { AgentPrompt, TaskInstance } from '../../interfaces/task.ts';
import { personRequestPrompt } from '../ladder/person-prompt.ts';
import { ANY, FIND_PERSON, PREVIOUS } from '../ladder/variation.ts';
import type { ClausesPayload } from './variation.ts';

const SYSTEM =
  `You act only by calling tools. The request describes a person clause by clause, in order: a value of an ` +
  `attribute, "not" a value (ruled out: never passed), or "any <attribute>" (any value will do). A later clause ` +
  `about an attribute replaces what an earlier one said, "not" clauses aside. First call ${FIND_PERSON} with every ` +
  `parameter: the value the request finally gives for it, or "${ANY}" when it gives none. Then call the requested ` +
  `action once, passing the found person as "${PREVIOUS}" (the previous call's result).`;

/**
 * The prompt of an instance. Its scalar `difficulty` (read only by the simulated student and the oracle) is the
 * number of clauses: a count of parts, not a measure of how hard the composition is.
 */
export function renderClauses(instance: TaskInstance<ClausesPayload>): AgentPrompt {
  return personRequestPrompt(instance, SYSTEM, instance.payload.spec.clauses.length);
}
