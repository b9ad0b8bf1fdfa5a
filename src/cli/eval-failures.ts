/**
 * Failed generations in `genenv eval`: an OpenAI-compatible policy answers a prompt it could not generate
 * for (too long for the server's context, output the server could not parse) with an empty completion
 * whose finish reason is `error: <reason>`. The benchmark scores it as a wrong answer; this records the
 * reason so the item says why, and the summary counts them.
 */
import type { AgentPolicy, AgentPrompt, BenchmarkItemResult, Completion, SampleOptions } from '../interfaces/index.ts';

const FAILED = 'error: ';

/** Wraps a policy and keeps, per prompt id, the reasons of the generations that failed. */
export class FailureRecorder implements AgentPolicy {
  readonly name: string;
  /** prompt id → reasons (one per failed sample). */
  readonly failures = new Map<string, string[]>();

  constructor(private readonly inner: AgentPolicy) {
    this.name = inner.name;
  }

  async act(prompts: AgentPrompt[], options: SampleOptions): Promise<Completion[][]> {
    const answers = await this.inner.act(prompts, options);
    answers.forEach((group, index) => {
      for (const completion of group) {
        if (!completion.finishReason?.startsWith(FAILED)) continue;
        const id = prompts[index]!.id;
        this.failures.set(id, [...(this.failures.get(id) ?? []), completion.finishReason.slice(FAILED.length)]);
      }
    });
    return answers;
  }

  close(): Promise<void> {
    return this.inner.close?.() ?? Promise.resolve();
  }

  /** Failed samples in all. */
  get count(): number {
    let total = 0;
    for (const reasons of this.failures.values()) total += reasons.length;
    return total;
  }

  /**
   * Items with `details.failedGenerations`: the reasons of their prompts' failures. A prompt belongs to
   * an item when its id is the item's id or starts with it and `/` (as `<entry>/turn-1/step-0`).
   */
  annotate(items: BenchmarkItemResult[]): BenchmarkItemResult[] {
    if (this.failures.size === 0) return items;
    return items.map((item) => {
      const reasons = [...this.failures].flatMap(([id, list]) =>
        id === item.id || id.startsWith(`${item.id}/`) ? list : [],
      );
      return reasons.length === 0 ? item : { ...item, details: { ...item.details, failedGenerations: reasons } };
    });
  }

  /** One note line per distinct reason (numbers shown as N), most frequent first; at most `limit` lines. */
  notes(limit = 3): string[] {
    const counts = new Map<string, number>();
    for (const reasons of this.failures.values())
      for (const reason of reasons) {
        const shape = reason.replace(/\d+/g, 'N');
        counts.set(shape, (counts.get(shape) ?? 0) + 1);
      }
    const sorted = [...counts].sort((left, right) => right[1] - left[1]);
    const lines = sorted
      .slice(0, limit)
      .map(([reason, count]) => `${count} generation${count === 1 ? '' : 's'} failed (scored as wrong): ${reason}`);
    if (sorted.length > limit) lines.push(`${sorted.length - limit} more failure reasons in items.jsonl`);
    return lines;
  }
}
