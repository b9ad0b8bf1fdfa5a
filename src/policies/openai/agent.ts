/**
 * π_agent over any OpenAI-compatible chat-completions server. Native tool calling (`mode: 'tools'`) or
 * tools described in the prompt with `<tool_call>` blocks parsed from text (`mode: 'text'`). A group of
 * G samples is asked as `n` choices, split over several requests when G exceeds `choicesPerRequest` or
 * when a server returns fewer choices than asked.
 */
import { APIError } from 'openai';
import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { GenEnvError } from '../../interfaces/errors.ts';
import type { AgentPolicy, SampleOptions } from '../../interfaces/policy.ts';
import type { AgentPrompt, Completion } from '../../interfaces/task.ts';
import { deriveSeed } from '../../util/random.ts';
import type { AdapterManager, AdapterSelection } from '../../interfaces/adapter-manager.ts';
import { toCompletion, toOpenAIMessages } from './chat-mapping.ts';
import type { EndpointPool } from './endpoint-pool.ts';
import { failedFinishReason, GenerationFailedError } from './generation-failure.ts';
import type { AgentOptions } from './options.ts';
import type { OpenAIPolicySpec } from './policy-spec.ts';
import { describeToolsForText } from './tool-call-parsing.ts';

export class OpenAIAgent implements AgentPolicy {
  readonly name: string;
  private adapter: { name: string; manager: AdapterManager } | null = null;
  private closed = false;
  /**
   * Choices asked per request; drops to 1 for servers that refuse n > 1 (older llama.cpp servers answered
   * "Only one completion choice is allowed"; current ones return n choices).
   */
  private choicesLimit: number;

  constructor(
    private readonly spec: OpenAIPolicySpec,
    private readonly options: AgentOptions,
    readonly pool: EndpointPool,
  ) {
    this.name = `openai:${spec.model}`;
    this.choicesLimit = options.choicesPerRequest;
  }

  /** Resolves once a base URL answers (EndpointPool.ready). */
  ready(): Promise<void> {
    return this.pool.ready();
  }

  /** Version label stamped on completions: the adapter in use (e.g. `agent-v3`), else the base model. */
  get policyVersion(): string {
    return this.adapter?.name ?? this.spec.model;
  }

  /**
   * Routes later requests through adapter `name` of `manager` (null: back to the base model). Requests
   * already in flight finish on the adapter they started with.
   */
  useAdapter(name: string | null, manager?: AdapterManager): void {
    if (name === null) this.adapter = null;
    else if (!manager) throw new GenEnvError('internal', `adapter ${name} needs an adapter manager`);
    else this.adapter = { name, manager };
  }

  async act(prompts: AgentPrompt[], options: SampleOptions): Promise<Completion[][]> {
    if (this.closed) throw new GenEnvError('internal', `${this.name} is closed`);
    if (!Number.isInteger(options.samples) || options.samples < 1)
      throw new GenEnvError('internal', `samples must be ≥ 1, got ${options.samples}`);
    return Promise.all(prompts.map((prompt) => this.sampleGroup(prompt, options)));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.pool.close();
  }

  /**
   * G completions of one prompt, in order of arrival. A generation the server could not produce is a
   * failed completion with its reason (empty text, finish reason `error: …`), never the end of the call;
   * when one of several choices breaks the whole request, the rest of the group is asked one at a time,
   * so the other samples are kept.
   */
  private async sampleGroup(prompt: AgentPrompt, options: SampleOptions): Promise<Completion[]> {
    const group: Completion[] = [];
    const messages = this.messagesOf(prompt);
    let singly = false;
    for (let request = 0; group.length < options.samples; request++) {
      const wanted = singly ? 1 : Math.min(this.choicesLimit, options.samples - group.length);
      const seed = deriveSeed(options.seed, prompt.id, request);
      const adapter = this.adapter;
      const version = adapter?.name ?? this.spec.model;
      const send = (selection: AdapterSelection | null): Promise<ChatCompletion> =>
        this.pool.chat(this.body(prompt, messages, wanted, seed, options, selection));
      let response: ChatCompletion;
      try {
        response = adapter ? await adapter.manager.withAdapter(adapter.name, send) : await send(null);
      } catch (error) {
        if (error instanceof GenerationFailedError) {
          if (wanted > 1 && error.kind === 'output') {
            singly = true;
            continue;
          }
          for (let index = 0; index < wanted; index++) group.push(failedCompletion(error.reason, version));
          continue;
        }
        if (wanted === 1 || !refusesSeveralChoices(error)) throw error;
        this.choicesLimit = 1;
        continue;
      }
      const choices = (response.choices ?? []).slice().sort((left, right) => (left.index ?? 0) - (right.index ?? 0));
      if (choices.length === 0)
        throw new GenEnvError('policy', `${this.name}: the server returned no choices for prompt ${prompt.id}`);
      // Some servers ignore n (one choice back): the loop asks again for the rest.
      for (const choice of choices.slice(0, wanted)) group.push(toCompletion(choice, version, true));
    }
    return group;
  }

  private messagesOf(prompt: AgentPrompt): ChatCompletionMessageParam[] {
    const messages = toOpenAIMessages(prompt.messages);
    if (this.options.mode !== 'text' || !prompt.tools || prompt.tools.length === 0) return messages;
    const description = describeToolsForText(prompt.tools);
    const first = messages[0];
    if (first && first.role === 'system' && typeof first.content === 'string') {
      return [{ role: 'system', content: `${first.content}\n\n${description}` }, ...messages.slice(1)];
    }
    return [{ role: 'system', content: description }, ...messages];
  }

  private body(
    prompt: AgentPrompt,
    messages: ChatCompletionMessageParam[],
    choices: number,
    seed: number,
    options: SampleOptions,
    selection: AdapterSelection | null,
  ): ChatCompletionCreateParamsNonStreaming {
    const useTools = this.options.mode === 'tools' && prompt.tools !== undefined && prompt.tools.length > 0;
    return {
      ...this.options.extraBody,
      ...(selection?.body ?? {}),
      model: selection?.model ?? this.spec.model,
      messages,
      n: choices,
      seed,
      ...((options.temperature ?? this.options.temperature) !== undefined
        ? { temperature: options.temperature ?? this.options.temperature }
        : {}),
      ...(options.topP !== undefined ? { top_p: options.topP } : {}),
      ...(this.options.maxTokens !== undefined ? { max_tokens: this.options.maxTokens } : {}),
      ...(this.options.logprobs ? { logprobs: true } : {}),
      ...(useTools
        ? {
            tools: prompt.tools!.map((tool) => ({ type: 'function' as const, function: tool.function })),
            tool_choice: 'auto' as const,
          }
        : {}),
    } as ChatCompletionCreateParamsNonStreaming;
  }
}

/** A 400 that says "one choice only" (llama.cpp: "Only one completion choice is allowed"). */
function refusesSeveralChoices(error: unknown): boolean {
  const cause = error instanceof GenEnvError ? error.cause : error;
  return cause instanceof APIError && cause.status === 400 && /\bn\b|choice/i.test(cause.message);
}

/** A sample the server could not generate: no text, the reason as its finish reason. */
function failedCompletion(reason: string, policyVersion: string): Completion {
  return { text: '', finishReason: failedFinishReason(reason), policyVersion };
}
