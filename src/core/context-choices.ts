import type { Domain } from '../interfaces/index.ts';
import type { ValidationResult } from './validate.ts';

/**
 * `result` with every valid task type whose context offers choices (`SimulatorContext.choices`: a parent's edits, a
 * cell's specs) but whose spec is none of them moved to the rejected, with its reason: a simulator that cannot
 * constrain its decoding (an OpenAI-compatible one, a built-in one with `grammar: 'free'`) is held to the choices this
 * way. Specs are compared by their compact text. Pure.
 */
export function keepWithinChoices(domain: Domain, result: ValidationResult): ValidationResult {
  const rejected = [...result.rejected];
  const valid = result.valid.filter((taskType) => {
    const choices = taskType.context?.choices;
    if (!choices || !taskType.proposal) return true;
    const text = domain.formatSpec(taskType.spec);
    if (choices.some((choice) => domain.formatSpec(choice) === text)) return true;
    rejected.push({
      proposal: taskType.proposal,
      context: taskType.context,
      source: taskType.source,
      spec: taskType.spec,
      family: taskType.family,
      reason: `not one of the ${choices.length} task types its context offered`,
    });
    return false;
  });
  return { valid, rejected };
}
