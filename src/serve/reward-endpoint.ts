import { createHash } from 'node:crypto';
import type { RewardAnswer, RewardRequest, ScoredAnswer, TurnAnswer } from '../interfaces/index.ts';
import { ServeError } from './refusals.ts';
import type { ServeService } from './episodes.ts';

const GROUP_PREFIX = 'group:';

/**
 * OpenRLHF `/get_reward`. Each label is an episode id from a reset (one response per episode), or
 * `group:<key>` for a GRPO group exported by `/reset` with that group key: each response then takes the
 * group's next attempt. A retried request (OpenRLHF retries with the same body) is answered from the log:
 * group attempts carry request ids derived from the whole request. Labels are checked before anything is
 * scored, so a bad label changes nothing.
 */
export async function rewardRequest(service: ServeService, request: RewardRequest): Promise<RewardAnswer> {
  request.labels.forEach((label, index) => {
    const known = label.startsWith(GROUP_PREFIX)
      ? service.driver.hasGroup(label.slice(GROUP_PREFIX.length))
      : service.knowsEpisode(label);
    if (!known) throw new ServeError(404, 'UNKNOWN_LABEL', `labels[${index}]: unknown episode or group ${label}`);
  });
  const digest = createHash('sha256').update(JSON.stringify(request)).digest('hex').slice(0, 32);
  const results = await Promise.all(
    request.query.map(async (query, index): Promise<ScoredAnswer | TurnAnswer> => {
      const prompt = request.prompts?.[index];
      const text = prompt !== undefined && query.startsWith(prompt) ? query.slice(prompt.length) : query;
      const label = request.labels[index]!;
      if (!label.startsWith(GROUP_PREFIX)) return service.step(label, { action: { text } });
      const requestId = `reward-${digest}-${index}`;
      const answered = await service.answered(requestId);
      if (answered) return answered;
      const reset = await service.reset({ group_key: label.slice(GROUP_PREFIX.length) });
      return service.step(reset.observation.episode_id, { action: { text }, request_id: requestId });
    }),
  );
  const rewards = results.map((result) => result.reward ?? 0);
  // A turn that does not end a multi-turn episode has no verdict yet: no success, reward 0.
  const success = results.map((result) => (result.done && result.observation.feedback.success ? 1 : 0));

  return { rewards, scores: rewards, extra_logs: { success } };
}
