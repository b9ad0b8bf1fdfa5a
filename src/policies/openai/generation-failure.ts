/**
 * Server answers that mean "this one generation failed", as opposed to "the server is unwell". They are
 * data (an invalid proposal, a failed rollout, a failed benchmark item, each with its reason), never the
 * end of a run, and never retried: the same deterministic request fails the same way again.
 *
 * Seen on llama.cpp's llama-server: HTTP 500 "The model produced output that does not match the expected
 * peg-native format" when max_tokens cuts a structured (json_schema or tool-call) generation, and HTTP 400
 * "request (N tokens) exceeds the available context size (M tokens)" (type exceed_context_size_error).
 * vLLM and hosted APIs word the context case differently ("maximum context length", context_length_exceeded).
 */
import { GenEnvError } from '../../interfaces/errors.ts';

/** `output`: the model's output could not be parsed; `context`: the prompt does not fit the context. */
export type GenerationFailureKind = 'output' | 'context';

const CONTEXT_PATTERN = new RegExp(
  [
    'exceed_context_size',
    'context_length_exceeded',
    'exceeds the available context',
    'larger than the max context',
    'maximum context length',
    'context (window|length) (is )?exceeded',
    'prompt is too long',
  ].join('|'),
  'i',
);

const OUTPUT_PATTERN = new RegExp(
  [
    'model produced output that does not match',
    'does not match the expected [\\w-]+ format',
    "failed to parse (the )?(model('s)? )?(output|tool call)",
  ].join('|'),
  'i',
);

/**
 * The kind of generation failure an HTTP error answer describes, or null when it is some other error.
 * `status` is the HTTP status; `text` the server's error message and type, joined.
 */
export function classifyGenerationFailure(status: number, text: string): GenerationFailureKind | null {
  if ((status === 400 || status === 413) && CONTEXT_PATTERN.test(text)) return 'context';
  if (status >= 500 && OUTPUT_PATTERN.test(text)) return 'output';
  return null;
}

/** A generation the server could not produce; `reason` is one line (HTTP status and the server's message). */
export class GenerationFailedError extends GenEnvError {
  constructor(
    readonly kind: GenerationFailureKind,
    readonly reason: string,
    baseUrl: string,
    options?: { cause?: unknown },
  ) {
    super('policy', `${baseUrl}: ${reason}`, options);
    this.name = 'GenerationFailedError';
  }
}

/** `error: <reason>`: the finish reason of a completion whose generation failed (text empty). */
export function failedFinishReason(reason: string): string {
  return `error: ${reason}`;
}
