/**
 * π_env over an OpenAI-compatible server, adapting in context (in-context RWR): `update` stores weighted
 * generations in an exemplar pool (D_env); each later prompt carries k exemplars drawn ∝ weight and the
 * family's recent success statistics. Output modes: `structured` (response_format json_schema from the
 * domain's zod schema; on refusal it falls back to `json-extract` for the rest of the run), `json-extract`
 * (JSON found in free text) and `free-form` (task text plus reference answer, parsed by the domain).
 * Malformed or invalid output is not an error: the proposal keeps the raw text and no spec.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { APIError } from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { z } from 'zod';
import type { Domain } from '../../interfaces/domain.ts';
import { GenEnvError } from '../../interfaces/errors.ts';
import { describeZodError } from '../../interfaces/zod-error.ts';
import type { SimulatorDemonstration, SimulatorUpdateBatch, TrainableSimulator } from '../../interfaces/policy.ts';
import type { SimulatorUpdateStats, SimulatorWarmStartStats } from '../../interfaces/metrics.ts';
import type { Proposal, SimulatorContext } from '../../interfaces/simulator.ts';
import { writeFileAtomic } from '../../util/files.ts';
import { deriveSeed, Random, stableId } from '../../util/random.ts';
import { toOpenAIMessages } from './chat-mapping.ts';
import type { EndpointPool } from './endpoint-pool.ts';
import { ExemplarPool, ExemplarPoolFileSchema, type Exemplar } from './exemplar-pool.ts';
import { GenerationFailedError } from './generation-failure.ts';
import { extractJson } from './json-extraction.ts';
import type { SimulatorOptions } from './options.ts';
import type { AdapterManager, AdapterSelection } from '../../interfaces/adapter-manager.ts';
import type { OpenAIPolicySpec } from './policy-spec.ts';
import { isRetryableStatus } from './retry-policy.ts';
import { simulatorMessages, type SimulatorOutputMode } from './simulator-prompt.ts';

const POOL_FILE = 'exemplar-pool.json';

/** JSON Schema of the domain's spec for response_format, or null when zod cannot express it. */
export function specJsonSchema(domain: Domain): Record<string, unknown> | null {
  try {
    const schema = z.toJSONSchema(domain.specSchema, { unrepresentable: 'any' }) as Record<string, unknown>;
    delete schema.$schema;
    return schema;
  } catch {
    return null;
  }
}

export class OpenAISimulator implements TrainableSimulator {
  readonly name: string;
  private versionCount = 0;
  private readonly pool: ExemplarPool;
  private readonly schema: Record<string, unknown> | null;
  /** Current output mode: `structured` degrades to `json-extract` once a server refuses json_schema. */
  private mode: SimulatorOutputMode;
  private adapter: { name: string; manager: AdapterManager } | null = null;

  constructor(
    private readonly spec: OpenAIPolicySpec,
    private readonly domain: Domain,
    private readonly options: SimulatorOptions,
    readonly endpoints: EndpointPool,
  ) {
    this.name = `openai:${spec.model}`;
    this.pool = new ExemplarPool(options.poolSize);
    this.schema = specJsonSchema(domain);
    this.mode = options.output === 'structured' && this.schema === null ? 'json-extract' : options.output;
  }

  /** Resolves once a base URL answers (EndpointPool.ready). */
  ready(): Promise<void> {
    return this.endpoints.ready();
  }

  get version(): number {
    return this.versionCount;
  }

  /** The output mode in use now (after any fallback). */
  get outputMode(): SimulatorOutputMode {
    return this.mode;
  }

  /**
   * Routes later requests through LoRA adapter `name` (e.g. `env-v2`, trained by a trainer hook); null
   * goes back to the base model. Proposals are then stamped with the adapter name.
   */
  useAdapter(name: string | null, manager?: AdapterManager): void {
    if (name === null) this.adapter = null;
    else if (!manager) throw new GenEnvError('internal', `adapter ${name} needs an adapter manager`);
    else this.adapter = { name, manager };
  }

  /** The exemplar pool (D_env as the prompts see it). */
  get exemplars(): readonly Exemplar[] {
    return this.pool.all();
  }

  async propose(
    contexts: SimulatorContext[],
    options: { seed: number; temperature?: number; topP?: number },
  ): Promise<Proposal[]> {
    return Promise.all(contexts.map((context) => this.proposeOne(context, options)));
  }

  async warmStart(
    demonstrations: SimulatorDemonstration[],
    _options: { seed: number },
  ): Promise<SimulatorWarmStartStats> {
    if (demonstrations.length === 0) return {};
    // Demonstrations were never attempted: weight 1, the average weight of the loop's `mean`-normalised records.
    const weight = 1;
    this.pool.add(
      demonstrations.map((demonstration) => ({
        family: this.familyOf(demonstration.spec, demonstration.context.seed.family),
        target: demonstration.target,
        spec: demonstration.spec,
        successRate: null,
        envReward: null,
        weight,
      })),
    );
    this.versionCount++;
    return { exemplars: this.pool.size };
  }

  async update(batch: SimulatorUpdateBatch, _options: { seed: number }): Promise<SimulatorUpdateStats> {
    if (batch.records.length === 0) return {};
    for (const record of batch.records) {
      if (!(record.weight >= 0) || !Number.isFinite(record.weight))
        throw new GenEnvError('internal', `RWR weight ${record.weight} is not a finite number ≥ 0`);
    }
    this.pool.add(
      batch.records.map((record) => ({
        family: this.familyOf(record.proposal.spec, record.context.seed.family),
        target: record.target,
        ...(record.proposal.spec !== undefined ? { spec: record.proposal.spec } : this.parsedSpec(record.target)),
        successRate: record.successRate,
        envReward: record.envReward,
        weight: record.weight,
      })),
    );
    this.versionCount++;
    const weights = batch.records.map((record) => record.weight);
    return {
      exemplars: this.pool.size,
      meanWeight: weights.reduce((sum, weight) => sum + weight, 0) / weights.length,
    };
  }

  async save(dir: string): Promise<void> {
    writeFileAtomic(join(dir, POOL_FILE), `${JSON.stringify(this.pool.toFile(this.versionCount), null, 1)}\n`);
  }

  async load(dir: string): Promise<void> {
    const path = join(dir, POOL_FILE);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      throw new GenEnvError('resume', `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`, {
        cause: error,
      });
    }
    let parsed: ReturnType<typeof ExemplarPoolFileSchema.safeParse>;
    try {
      parsed = ExemplarPoolFileSchema.safeParse(JSON.parse(text));
    } catch (error) {
      throw new GenEnvError('resume', `${path} is not JSON`, { cause: error });
    }
    if (!parsed.success)
      throw new GenEnvError('resume', `${path} is not an exemplar pool: ${describeZodError(parsed.error)}`);
    this.pool.restore(parsed.data);
    this.versionCount = parsed.data.version;
  }

  async close(): Promise<void> {
    this.endpoints.close();
  }

  private async proposeOne(
    context: SimulatorContext,
    options: { seed: number; temperature?: number; topP?: number },
  ): Promise<Proposal> {
    const seed = deriveSeed(options.seed, 'simulator', context.id);
    const exemplars = this.pool.sample(this.options.exemplars, context.seed.family, new Random(seed));
    const version = this.adapter?.name ?? `env-v${this.versionCount}`;
    let mode: SimulatorOutputMode;
    let content: string;
    try {
      ({ content, mode } = await this.askOrFallBack(context, exemplars, seed, options, this.mode));
    } catch (error) {
      if (!(error instanceof GenerationFailedError)) throw error;
      // A generation the server could not produce: an invalid proposal with its reason, kept as data.
      const id = `${context.id}:${stableId([seed, version, 'failed'])}`;
      return { id, contextId: context.id, raw: '', sample: { failure: error.reason }, policyVersion: version };
    }
    const id = `${context.id}:${stableId([seed, version, content.length])}`;
    const proposal: Proposal = { id, contextId: context.id, raw: content, policyVersion: version };
    if (mode === 'free-form') return proposal;
    const value =
      mode === 'structured' ? (parseJsonOrUndefined(content) ?? extractJson(content)) : extractJson(content);
    const checked = value === undefined ? undefined : this.domain.specSchema.safeParse(value);
    if (checked?.success) proposal.spec = checked.data;
    return proposal;
  }

  /** Asks in `mode`; a server that refuses json_schema turns this simulator to json-extract for good. */
  private async askOrFallBack(
    context: SimulatorContext,
    exemplars: readonly Exemplar[],
    seed: number,
    options: { temperature?: number; topP?: number },
    mode: SimulatorOutputMode,
  ): Promise<{ content: string; mode: SimulatorOutputMode }> {
    try {
      return { content: await this.ask(context, exemplars, seed, options, mode), mode };
    } catch (error) {
      if (mode !== 'structured' || error instanceof GenerationFailedError || !refusesJsonSchema(error)) throw error;
      // The server does not do structured outputs: extract JSON from text from now on.
      this.mode = 'json-extract';
      return { content: await this.ask(context, exemplars, seed, options, 'json-extract'), mode: 'json-extract' };
    }
  }

  private async ask(
    context: SimulatorContext,
    exemplars: readonly Exemplar[],
    seed: number,
    options: { temperature?: number; topP?: number },
    mode: SimulatorOutputMode,
  ): Promise<string> {
    const messages = simulatorMessages({
      domain: this.domain,
      context,
      exemplars,
      mode,
      ...(this.schema ? { schema: this.schema } : {}),
    });
    const adapter = this.adapter;
    const body = (selection: AdapterSelection | null) => ({
      ...this.options.extraBody,
      ...(selection?.body ?? {}),
      model: selection?.model ?? this.spec.model,
      messages: toOpenAIMessages(messages),
      seed,
      ...((options.temperature ?? this.options.temperature) !== undefined
        ? { temperature: options.temperature ?? this.options.temperature }
        : {}),
      ...(options.topP !== undefined ? { top_p: options.topP } : {}),
      ...(this.options.maxTokens !== undefined ? { max_tokens: this.options.maxTokens } : {}),
      ...(mode === 'structured'
        ? {
            response_format: {
              type: 'json_schema' as const,
              json_schema: { name: schemaName(this.domain.name), schema: this.schema!, strict: this.options.strict },
            },
          }
        : {}),
    });
    // A 501 while asking for structured outputs means "not supported", not "try again later".
    const retryStatus =
      mode === 'structured' ? (status: number) => isRetryableStatus(status) && status !== 501 : undefined;
    const send = (selection: AdapterSelection | null) =>
      this.endpoints.chat(
        body(selection) as ChatCompletionCreateParamsNonStreaming,
        retryStatus ? { retryStatus } : {},
      );
    const response = adapter ? await adapter.manager.withAdapter(adapter.name, send) : await send(null);
    const message = response.choices?.[0]?.message;
    return typeof message?.content === 'string' ? message.content : '';
  }

  private familyOf(spec: unknown, fallback: string): string {
    if (spec === undefined) return fallback;
    const checked = this.domain.specSchema.safeParse(spec);
    return checked.success ? this.domain.family(checked.data) : fallback;
  }

  private parsedSpec(target: string): { spec?: unknown } {
    const parsed = this.domain.parseSpec(target);
    return parsed.ok ? { spec: parsed.value } : {};
  }
}

/**
 * Whether an error says the server refused a json_schema request (as opposed to being down or busy):
 * 400/404/422/501, or a 500 (after its retries) whose message names the feature, as some servers send.
 */
function refusesJsonSchema(error: unknown): boolean {
  const cause = error instanceof GenEnvError ? error.cause : error;
  if (!(cause instanceof APIError) || typeof cause.status !== 'number') return false;
  if ([400, 404, 422, 501].includes(cause.status)) return true;
  return cause.status === 500 && /response_format|json_schema|schema|grammar|guided/i.test(cause.message);
}

function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** response_format names allow [a-zA-Z0-9_-], at most 64 characters. */
function schemaName(domainName: string): string {
  return `${domainName.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 50) || 'task'}_spec`;
}
