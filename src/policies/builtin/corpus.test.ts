import { describe, expect, it } from 'vitest';
import { createArithmeticDomain } from '../../domains/arithmetic/index.ts';
import { createMultihop } from '../../domains/multihop/index.ts';
import { deriveSeed } from '../../util/random.ts';
import { agentCorpus } from './corpus.ts';

describe('agent corpus', () => {
  it('holds the prompt and the reference answer of one instance per seed of a single-response domain', () => {
    const domain = createArithmeticDomain({ seedCount: 5 });
    const corpus = agentCorpus(domain, 1);
    expect(corpus).toHaveLength(10);
  });

  it('holds every turn prompt of the reference episode of an interactive domain', () => {
    const domain = createMultihop({ seedTasks: 3, heldOutSize: 1 });
    const corpus = agentCorpus(domain, 1);
    const plans = domain.seeds().map((task, index) => {
      const result = domain.instantiate(task.spec, 1, deriveSeed(1, 'tokenizer-corpus', index));
      if (!result.ok) throw new Error(result.reason);
      return result.instances[0]!.payload.plan;
    });
    // Per seed: the first prompt, the prompt after each action of the plan, and the plan.
    expect(corpus).toHaveLength(plans.reduce((sum, plan) => sum + 2 + plan.length, 0));
    expect(corpus.filter((text) => text.includes('<information>'))).toHaveLength(
      plans.reduce((sum, plan) => sum + plan.length, 0),
    );
  });
});
