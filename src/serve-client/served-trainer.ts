import pLimit from 'p-limit';
import { warmStartAgent } from '../core/agent-warm-start.ts';
import { evaluateHeldOut, evaluatesAt } from '../core/evaluate.ts';
import { RandomStreams } from '../core/random-streams.ts';
import {
  type AgentPrompt,
  type Completion,
  type Domain,
  namespaced,
  type RolloutGroup,
  type RunConfig,
  type TrainableAgent,
} from '../interfaces/index.ts';
import { deriveSeed } from '../util/random.ts';
import type { ServedAction, ServedBatch, ServedCurriculum, TaskObservation } from './served-episodes.ts';
import type { ServedEpochRecord, TrainerExtra } from './served-epoch-record.ts';

export interface ServedTrainingInput {
  curriculum: ServedCurriculum;
  /** The run config the service was started with (the agent's options, seed, warm start, held-out limit). */
  config: RunConfig;
  domain: Domain;
  agent: TrainableAgent;
  /** The agent's prompt from a reset observation. */
  promptOf: (observation: TaskObservation) => AgentPrompt;
  /** Steps in flight at once. */
  concurrency?: number;
  onEpoch?: (record: ServedEpochRecord) => void | Promise<void>;
}

/** The prompt a learning agent reads from a reset observation: the task's text, messages and tools, no reference. */
export function observedPrompt(observation: TaskObservation): AgentPrompt {
  return {
    id: observation.task.id,
    family: observation.task.family,
    text: observation.prompt,
    messages: observation.messages.map((message) => ({ role: message.role, content: message.content })),
    tools: observation.tools,
    reference: { answer: '', difficulty: 0 },
  };
}

/** A completion as a step's action: its text and tool calls, labelled with the policy version. */
export function actionOf(completion: Completion): ServedAction {
  return {
    text: completion.text,
    ...(completion.toolCalls?.length
      ? { tool_calls: completion.toolCalls.map((call) => ({ name: call.name, arguments: call.arguments })) }
      : {}),
    metadata: { policy_version: completion.policyVersion },
  };
}

const elapsed = (since: number) => (performance.now() - since) / 1000;
const MISSING: Completion = { text: '', policyVersion: 'missing' };

interface Attempt {
  completion: Completion;
  reward: number;
  success: boolean;
}

/** One epoch as the trainer collects it, batch by batch. */
interface EpochInProgress {
  epoch: number;
  agentVersion: number;
  groups: RolloutGroup[];
  attempts: Attempt[];
  batches: number;
  expired: number;
  seconds: ServedEpochRecord['seconds'];
}

/**
 * Trains an agent against a running `genenv serve` as an external trainer: the warm start of `genenv run`
 * (the same seed demonstrations, the same stream), then per served epoch: claim its attempts as GRPO groups,
 * sample G completions per group in one batched call, step them for rewards, update the agent on the groups
 * (from epoch 1 on: epoch 0 measures the warm-started agent, as in `genenv run`) and evaluate it greedily on
 * the domain's held-out sets. Ends when the service's run is over. Random streams are the run's own, so a
 * served epoch samples what the in-process epoch would sample given the same tasks. An epoch larger than the
 * service's session cap is claimed, sampled and stepped in several batches before the update.
 */
export async function trainOverService(input: ServedTrainingInput): Promise<ServedEpochRecord[]> {
  const { curriculum, config, domain, agent } = input;
  const streams = new RandomStreams(config.seed);
  // The warm start of genenv run, validation split included; epoch 0's figures as a run logs them (core/warm-start.ts).
  const warmStarted = await warmStartAgent({ agent, domain, seeds: domain.seeds(), config, streams, measurable: true });
  const warmStartExtra: TrainerExtra = {
    ...namespaced('warmstart/agent', warmStarted.stats),
    'warmstart/demonstrations': warmStarted.demonstrations,
    ...(warmStarted.validation
      ? {
          'warmstart/validationInstances': warmStarted.validation.instances,
          'warmstart/validationAccuracy': warmStarted.validation.accuracy,
        }
      : {}),
  };
  const heldOut = domain.heldOutSets();
  const limit = pLimit(input.concurrency ?? 32);
  const records: ServedEpochRecord[] = [];

  /** Samples and steps one batch of groups into the epoch. */
  const attempt = async (current: EpochInProgress, batch: ServedBatch) => {
    let started = performance.now();
    const prompts = batch.groups.map((group) => input.promptOf(group.observation));
    const rollout = streams.rollout(current.epoch);
    const samples = prompts.length
      ? await agent.act(prompts, {
          samples: batch.groupSize,
          seed: current.batches === 0 ? rollout : deriveSeed(rollout, 'batch', current.batches),
          temperature: config.temperature,
        })
      : [];
    current.batches += 1;
    current.seconds.act += elapsed(started);
    started = performance.now();
    const outcomes = await Promise.all(
      batch.groups.map((group, index) =>
        Promise.all(
          group.episodeIds.map((episodeId, member) => {
            const completion = samples[index]?.[member] ?? MISSING;
            return limit(async () => {
              const outcome = await curriculum.step(episodeId, actionOf(completion));
              return outcome && { completion, ...outcome };
            });
          }),
        ),
      ),
    );
    current.seconds.step += elapsed(started);
    outcomes.forEach((stepped, index) => {
      // An attempt that expired before its step, or whose answer came after another copy was scored, is not the
      // trainer's any more: its group goes on without it.
      const members = stepped.filter((member) => member !== null);
      current.expired += stepped.length - members.length;
      if (members.length === 0) return;
      current.groups.push({
        prompt: prompts[index]!,
        completions: members.map((member) => member.completion),
        rewards: members.map((member) => member.reward),
      });
      current.attempts.push(...members);
    });
  };

  /** The update on the epoch's groups (from epoch 1 on), the held-out evaluation and the epoch's record. */
  const finish = async (current: EpochInProgress) => {
    const { epoch, attempts, seconds } = current;
    let started = performance.now();
    const update =
      epoch > 0 ? await agent.update({ groups: current.groups }, { seed: streams.agentUpdate(epoch) }) : {};
    seconds.update = elapsed(started);
    started = performance.now();
    const heldOutAccuracy = evaluatesAt(epoch, config.evaluateEvery, config.epochs)
      ? await evaluateHeldOut(agent, domain, heldOut, streams.heldOut(epoch), config.heldOutLimit)
      : {};
    seconds.evaluate = elapsed(started);
    const record: ServedEpochRecord = {
      epoch,
      heldOutAccuracy,
      extra: epoch === 0 ? warmStartExtra : namespaced('agent', update),
      trainer: {
        agentVersion: current.agentVersion,
        groups: current.groups.length,
        attempts: attempts.length,
        batches: current.batches,
        expired: current.expired,
        successRate: attempts.length ? attempts.filter((entry) => entry.success).length / attempts.length : null,
        reward: attempts.length ? attempts.reduce((sum, entry) => sum + entry.reward, 0) / attempts.length : null,
      },
      seconds,
    };
    records.push(record);
    await input.onEpoch?.(record);
  };

  let current: EpochInProgress | null = null;
  for (;;) {
    const started = performance.now();
    const batch = await curriculum.claimBatch();
    if (current && (!batch || batch.epoch !== current.epoch)) {
      await finish(current);
      current = null;
    }
    if (!batch) break;
    current ??= {
      epoch: batch.epoch,
      agentVersion: agent.version,
      groups: [],
      attempts: [],
      batches: 0,
      expired: 0,
      seconds: { claim: 0, act: 0, step: 0, update: 0, evaluate: 0 },
    };
    current.seconds.claim += elapsed(started);
    await attempt(current, batch);
    if (batch.last) {
      await finish(current);
      current = null;
    }
  }
  return records;
}
