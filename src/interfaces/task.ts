import { z } from 'zod';
import type { ChatMessage, ToolCall, ToolSchema } from './chat.ts';

/** Numeric difficulty features of a task spec (chain length, distractors, ...), for reports and curricula. */
export type Features = Record<string, number>;

/** A task from the base dataset: the seed the simulator varies. */
export interface SeedTask<Spec = unknown> {
  id: string;
  family: string;
  spec: Spec;
}

/**
 * One concrete, verified task: a spec instantiated with concrete values. `payload` is domain-private
 * (the core never looks inside); `id` is a pure function of (spec, seed, index).
 */
export interface TaskInstance<Payload = unknown> {
  id: string;
  family: string;
  features: Features;
  payload: Payload;
}

export type InstantiateResult<Payload = unknown> =
  | { ok: true; instances: TaskInstance<Payload>[] }
  | { ok: false; reason: string };

export type ParseResult<T> = { ok: true; value: T } | { ok: false; reason: string };

/**
 * What an agent sees. Learning policies read `text` (compact form for the built-in model) or
 * `messages` + `tools` (chat models). `reference` is the gold answer and a scalar difficulty: only the
 * `oracle` and the simulated `student` may read it when acting; a learning agent may train on it
 * (warm-start demonstrations, off-policy guidance) but never sees it in `act`.
 */
export interface AgentPrompt {
  id: string;
  family: string;
  text: string;
  messages: ChatMessage[];
  tools?: ToolSchema[];
  /** Upper bound on response length in tokens (built-in model) — domains size it to the gold answer. */
  maxResponseTokens?: number;
  reference: {
    /** A completion text that the domain scores as fully correct. */
    answer: string;
    toolCalls?: ToolCall[];
    /** Scalar difficulty on an open scale where 0 is trivial; used by the simulated student. */
    difficulty: number;
  };
}

/** One turn of a played episode as a completion keeps it: the agent's own output is its token span. */
export interface CompletionTurn {
  /** The compact prompt text the agent read at this turn. */
  prompt: string;
  /** The prompt's response bound (built-in models clip the prompt to leave room for it). */
  maxResponseTokens?: number;
  /** The agent's output at this turn: text, token ids and log-probs where the backend gives them. */
  response: Omit<Completion, 'turns' | 'policyVersion'>;
  action: string;
  observation: string;
}

/** An agent's answer to one prompt. */
export interface Completion {
  text: string;
  toolCalls?: ToolCall[];
  /** Token ids of the response, when the backend exposes them. */
  tokenIds?: number[];
  /** Per-token log-probabilities of the response under the sampling policy (natural log). */
  logprobs?: number[];
  finishReason?: string;
  /** Version label of the policy that produced it (e.g. `agent-v3`). */
  policyVersion: string;
  /**
   * Every turn of a multi-turn episode (interactive domains): `text` then holds the episode's actions,
   * one per line, and token ids / log-probs live in each turn's response (the agent's own spans).
   */
  turns?: CompletionTurn[];
}

/** Verdict of a domain on one completion. `reward` in [0, 1]; `success` is the binary outcome used for p̂. */
export interface Score {
  reward: number;
  success: boolean;
  /** Set when the output could not be parsed or evaluated; the reason is recorded with the trace. */
  invalid?: string;
}

export const SeedTaskRecordSchema = z.object({ id: z.string(), family: z.string(), spec: z.unknown() });
