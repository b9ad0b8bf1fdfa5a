/**
 * The co-evolution loop's public surface. `runLoop` runs a whole run in process; the phase functions let
 * another driver (`genenv serve`, where an external trainer attempts the tasks) run the same epoch:
 * openEpoch → generate → attempt (or recordAttempts) → assess → update → evaluate → commit.
 */
export { restore, runLoop } from './loop.ts';
export { runEpoch } from './epoch.ts';
export { type EpochRecord, openEpoch } from './epoch-record.ts';
export { generate } from './generate.ts';
export { attempt, recordAttempts } from './attempt.ts';
export { type InstanceAttempts, safeScore, type ScoredAttempt, scoredAttempt } from './task-type-attempts.ts';
export { assess } from './assess.ts';
export { update } from './update.ts';
export { evaluate, evaluateHeldOut, heldOutOutcomes, type HeldOutOutcomes } from './evaluate.ts';
export { commit } from './commit.ts';
export { warmStart } from './warm-start.ts';
export { agentDemonstrations, warmStartSplit, type WarmStartSplit } from './agent-demonstrations.ts';
export { warmStartAgent, type AgentWarmStart, type AgentWarmStartInput } from './agent-warm-start.ts';
export { createRunContext, type RunContext, type RunInput } from './run-context.ts';
export { RandomStreams } from './random-streams.ts';
export { countsAsSynthetic, VARIANTS, type VariantPlan } from './variants.ts';
export { knobNeedsRefusal, refuseWhatNeedsKnobs } from './knob-needs.ts';
export type { AssessedTaskType, AttemptedTaskType, TaskType } from './task-type.ts';
