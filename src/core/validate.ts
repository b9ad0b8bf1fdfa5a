import type { Domain, Proposal, SimulatorContext } from '../interfaces/index.ts';
import type { ProposalRecord } from '../store/records.ts';
import { deriveSeed } from '../util/random.ts';
import type { TaskType } from './task-type.ts';

export interface ValidationInput {
  domain: Domain;
  epoch: number;
  runSeed: number;
  variations: number;
  source: ProposalRecord['source'];
  agentVersion: string;
}

export interface ValidationResult {
  valid: TaskType[];
  invalid: ProposalRecord[];
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!;

/**
 * Validates proposals at the edge (Algorithm 1, step 2): parse (zod via the domain), then instantiate
 * n variations. A proposal that fails either step is kept as an invalid record with its reason and
 * gets no reward; a domain that throws on odd input is treated the same way, never as a crash.
 */
export function validateProposals(
  proposals: readonly Proposal[],
  contexts: ReadonlyMap<string, SimulatorContext>,
  input: ValidationInput,
): ValidationResult {
  const valid: TaskType[] = [];
  const invalid: ProposalRecord[] = [];
  for (const proposal of proposals) {
    const context = contexts.get(proposal.contextId) ?? null;
    const base: ProposalRecord = {
      id: proposal.id,
      epoch: input.epoch,
      source: input.source,
      contextId: context?.id ?? null,
      seedId: context?.seed.id ?? null,
      family: null,
      raw: proposal.raw,
      spec: null,
      sample: proposal.sample ?? null,
      valid: false,
      reason: null,
      successRate: null,
      envReward: null,
      inBand: null,
      weight: null,
      features: null,
      simulatorVersion: proposal.policyVersion,
      agentVersion: input.agentVersion,
    };
    let spec: unknown;
    try {
      if (proposal.spec !== undefined) {
        const parsed = input.domain.specSchema.safeParse(proposal.spec);
        if (!parsed.success) {
          invalid.push({
            ...base,
            reason: `invalid spec: ${parsed.error.issues[0]!.path.join('.')}: ${parsed.error.issues[0]!.message}`,
          });
          continue;
        }
        spec = parsed.data;
      } else {
        const parsed = input.domain.parseSpec(proposal.raw);
        if (!parsed.ok) {
          invalid.push({ ...base, reason: parsed.reason });
          continue;
        }
        spec = parsed.value;
      }
      const result = input.domain.instantiate(
        spec,
        input.variations,
        deriveSeed(input.runSeed, input.epoch, 'instantiate', proposal.id),
      );
      if (!result.ok) {
        invalid.push({ ...base, spec, family: input.domain.family(spec), reason: result.reason });
        continue;
      }
      valid.push({
        record: {
          ...base,
          spec,
          valid: true,
          family: input.domain.family(spec),
          features: input.domain.features(spec),
        },
        spec,
        instances: result.instances,
        context,
        proposal,
      });
    } catch (error) {
      invalid.push({ ...base, spec: spec ?? null, reason: `domain error: ${message(error)}` });
    }
  }
  return { valid, invalid };
}
