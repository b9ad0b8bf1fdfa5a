import {
  type Domain,
  messageLine,
  type Proposal,
  type SimulatorContext,
  type TaskSource,
} from '../interfaces/index.ts';
import type { RejectedProposal, TaskType } from './task-type.ts';

export interface ValidationInput {
  domain: Domain;
  variations: number;
  source: TaskSource;
  /** Seed of a proposal's n variations. */
  instantiateSeed: (proposalId: string) => number;
}

export interface ValidationResult {
  valid: TaskType[];
  rejected: RejectedProposal[];
}

/**
 * Validates proposals at the edge (Algorithm 1, step 2): parse (zod via the domain), then instantiate
 * n variations. A proposal that fails either step is kept as rejected with its reason and gets no reward;
 * a domain that throws on odd input is treated the same way, never as a crash.
 */
export function validateProposals(
  proposals: readonly Proposal[],
  contexts: ReadonlyMap<string, SimulatorContext>,
  input: ValidationInput,
): ValidationResult {
  const valid: TaskType[] = [];
  const rejected: RejectedProposal[] = [];
  for (const proposal of proposals) {
    const context = contexts.get(proposal.contextId) ?? null;
    const reject = (reason: string, spec: unknown = null, family: string | null = null) =>
      rejected.push({ proposal, context, source: input.source, spec, family, reason });
    let spec: unknown = null;
    try {
      const parsed = parseProposal(input.domain, proposal);
      if (!parsed.ok) {
        reject(parsed.reason);
        continue;
      }
      spec = parsed.value;
      const family = input.domain.family(spec);
      const result = input.domain.instantiate(spec, input.variations, input.instantiateSeed(proposal.id));
      if (!result.ok) {
        reject(result.reason, spec, family);
        continue;
      }
      valid.push({
        id: proposal.id,
        source: input.source,
        family,
        features: input.domain.features(spec),
        instances: result.instances,
        spec,
        proposal,
        context,
      });
    } catch (error) {
      reject(`domain error: ${messageLine(error)}`, spec);
    }
  }
  return { valid, rejected };
}

/** A proposal's spec: the structured value a policy produced, else its text parsed by the domain. */
function parseProposal(
  domain: Domain,
  proposal: Proposal,
): { ok: true; value: unknown } | { ok: false; reason: string } {
  if (proposal.spec === undefined) return domain.parseSpec(proposal.raw);
  const parsed = domain.specSchema.safeParse(proposal.spec);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, reason: `invalid spec: ${issue.path.join('.')}: ${issue.message}` };
}
