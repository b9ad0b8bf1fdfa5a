import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createArithmeticDomain } from '../../src/domains/arithmetic/index.ts';
import type {
  AgentPolicy,
  AgentPrompt,
  Domain,
  SimulatorPolicy,
  SimulatorContext,
  TrainableAgent,
  TrainableSimulator,
} from '../../src/interfaces/index.ts';

export interface PolicyContractOptions {
  /** The domain whose prompts and contexts the policy is fed (default: arithmetic). */
  domain?: Domain;
  /** Same seed → same output (true for local backends; a remote server may not promise it). */
  deterministic?: boolean;
}

const fresh = () => mkdtempSync(join(tmpdir(), 'policy-contract-'));

function promptsOf(domain: Domain, count: number): AgentPrompt[] {
  return domain
    .seeds()
    .slice(0, count)
    .flatMap((seed) => {
      const result = domain.instantiate(seed.spec, 1, 1);
      return result.ok ? result.instances.map((instance) => domain.render(instance)) : [];
    });
}

function contextsOf(domain: Domain, count: number): SimulatorContext[] {
  return domain
    .seeds()
    .slice(0, count)
    .map((seed, index) => ({
      id: `context-${index}`,
      seed,
      stats: { family: seed.family, taskTypes: index, recentSuccess: index % 2 ? 0.5 : null },
      targetSuccess: 0.5,
    }));
}

/** The contract of every agent policy backend: shape, versions, determinism, empty input, close. */
export function describeAgentPolicyContract(
  name: string,
  make: () => Promise<AgentPolicy>,
  options: PolicyContractOptions = {},
): void {
  const domain = options.domain ?? createArithmeticDomain();
  describe(`agent policy contract: ${name}`, () => {
    it('answers [prompt][sample] with text and a version label', async () => {
      const policy = await make();
      const prompts = promptsOf(domain, 3);
      const answers = await policy.act(prompts, { samples: 2, seed: 1, temperature: 1 });
      expect(answers).toHaveLength(prompts.length);
      for (const row of answers) {
        expect(row).toHaveLength(2);
        for (const completion of row) {
          expect(typeof completion.text).toBe('string');
          expect(completion.policyVersion.length).toBeGreaterThan(0);
          if (completion.logprobs && completion.tokenIds)
            expect(completion.logprobs).toHaveLength(completion.tokenIds.length);
        }
      }
      await policy.close?.();
      await policy.close?.();
    });
    it('returns nothing for no prompts and greedy answers at temperature 0', async () => {
      const policy = await make();
      expect(await policy.act([], { samples: 3, seed: 1 })).toEqual([]);
      const prompts = promptsOf(domain, 2);
      const greedy = await policy.act(prompts, { samples: 1, seed: 1, temperature: 0 });
      expect(greedy.map((row) => row.length)).toEqual(prompts.map(() => 1));
      await policy.close?.();
    });
    if (options.deterministic ?? true) {
      it('is deterministic given the seed', async () => {
        const policy = await make();
        const prompts = promptsOf(domain, 3);
        const first = await policy.act(prompts, { samples: 2, seed: 7 });
        expect(await policy.act(prompts, { samples: 2, seed: 7 })).toEqual(first);
        await policy.close?.();
      });
    }
  });
}

/** Extra contract of trainable agents: warm start and update count as versions; checkpoints restore exactly. */
export function describeTrainableAgentContract(
  name: string,
  make: () => Promise<TrainableAgent>,
  options: PolicyContractOptions = {},
): void {
  const domain = options.domain ?? createArithmeticDomain();
  describeAgentPolicyContract(name, make, options);
  describe(`trainable agent contract: ${name}`, () => {
    it('counts updates, ignores an empty batch, and restores a checkpoint exactly', async () => {
      const agent = await make();
      const prompts = promptsOf(domain, 3);
      await agent.warmStart(
        prompts.map((prompt) => ({ prompt, target: prompt.reference.answer })),
        { seed: 1 },
      );
      const afterWarmStart = agent.version;
      expect(afterWarmStart).toBeGreaterThan(0);
      const answers = await agent.act(prompts, { samples: 2, seed: 2 });
      await agent.update(
        { groups: prompts.map((prompt, index) => ({ prompt, completions: answers[index]!, rewards: [0, 1] })) },
        { seed: 3 },
      );
      expect(agent.version).toBe(afterWarmStart + 1);
      await agent.update({ groups: [] }, { seed: 4 });
      expect(agent.version).toBe(afterWarmStart + 1);
      const folder = fresh();
      await agent.save(folder);
      const restored = await make();
      await restored.load(folder);
      expect(restored.version).toBe(agent.version);
      expect(await restored.act(prompts, { samples: 2, seed: 9 })).toEqual(
        await agent.act(prompts, { samples: 2, seed: 9 }),
      );
      await agent.close?.();
      await restored.close?.();
    });
    it('counts an update that carries only rehearsal pairs', async () => {
      const agent = await make();
      const prompts = promptsOf(domain, 3);
      await agent.warmStart(
        prompts.map((prompt) => ({ prompt, target: prompt.reference.answer })),
        { seed: 1 },
      );
      const before = agent.version;
      await agent.update(
        { groups: [], rehearsal: prompts.map((prompt) => ({ prompt, target: prompt.reference.answer })) },
        { seed: 2 },
      );
      expect(agent.version).toBe(before + 1);
      await agent.update({ groups: [], rehearsal: [] }, { seed: 3 });
      expect(agent.version).toBe(before + 1);
      await agent.close?.();
    });
    it('rejects a checkpoint folder that holds nothing, with one line', async () => {
      const agent = await make();
      await expect(agent.load(fresh())).rejects.toThrow(/^[^\n]+$/);
      await agent.close?.();
    });
  });
}

/** The contract of every simulator backend: one proposal per context, ids, versions, determinism. */
export function describeSimulatorContract(
  name: string,
  make: () => Promise<SimulatorPolicy>,
  options: PolicyContractOptions = {},
): void {
  const domain = options.domain ?? createArithmeticDomain();
  describe(`simulator contract: ${name}`, () => {
    it('proposes one task type per context', async () => {
      const simulator = await make();
      const contexts = contextsOf(domain, 4);
      const proposals = await simulator.propose(contexts, { seed: 1 });
      expect(proposals.map((proposal) => proposal.contextId)).toEqual(contexts.map((context) => context.id));
      expect(new Set(proposals.map((proposal) => proposal.id)).size).toBe(proposals.length);
      for (const proposal of proposals) {
        expect(typeof proposal.raw).toBe('string');
        expect(proposal.policyVersion.length).toBeGreaterThan(0);
      }
      expect(await simulator.propose([], { seed: 1 })).toEqual([]);
      await simulator.close?.();
    });
    if (options.deterministic ?? true) {
      it('is deterministic given the seed', async () => {
        const simulator = await make();
        const contexts = contextsOf(domain, 4);
        expect(await simulator.propose(contexts, { seed: 5 })).toEqual(await simulator.propose(contexts, { seed: 5 }));
        await simulator.close?.();
      });
    }
  });
}

/**
 * Extra contract of trainable simulators: warm start and update count as versions; checkpoints restore exactly.
 * Every backend passed here must be trainable: a missing method fails the test instead of skipping it.
 */
export function describeTrainableSimulatorContract(
  name: string,
  make: () => Promise<TrainableSimulator>,
  options: PolicyContractOptions = {},
): void {
  const domain = options.domain ?? createArithmeticDomain();
  describeSimulatorContract(name, make, options);
  describe(`trainable simulator contract: ${name}`, () => {
    it('has the trainable methods', async () => {
      const simulator = await make();
      for (const method of ['warmStart', 'update', 'save', 'load'] as const)
        expect(typeof simulator[method], method).toBe('function');
      expect(Number.isInteger(simulator.version)).toBe(true);
      await simulator.close?.();
    });
    it('counts updates, ignores an empty batch, and restores a checkpoint exactly', async () => {
      const simulator = await make();
      const contexts = contextsOf(domain, 4);
      await simulator.warmStart(
        contexts.map((context) => ({ context, target: domain.formatSpec(context.seed.spec), spec: context.seed.spec })),
        { seed: 1 },
      );
      const proposals = await simulator.propose(contexts, { seed: 2 });
      const beforeUpdate = simulator.version;
      await simulator.update(
        {
          records: proposals.map((proposal, index) => ({
            context: contexts[index]!,
            proposal,
            target: proposal.raw,
            successRate: 0.5,
            envReward: 1,
            weight: index + 1,
          })),
        },
        { seed: 3 },
      );
      expect(simulator.version).toBe(beforeUpdate + 1);
      await simulator.update({ records: [] }, { seed: 4 });
      expect(simulator.version).toBe(beforeUpdate + 1);
      const folder = fresh();
      await simulator.save(folder);
      const restored = await make();
      await restored.load(folder);
      expect(restored.version).toBe(simulator.version);
      if (options.deterministic ?? true)
        expect(await restored.propose(contexts, { seed: 5 })).toEqual(await simulator.propose(contexts, { seed: 5 }));
      await simulator.close?.();
      await restored.close?.();
    });
  });
}
