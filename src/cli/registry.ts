import { createArithmeticDomain } from '../domains/arithmetic/index.ts';
import { ParametricSimulator } from '../policies/parametric/parametric-simulator.ts';
import { OraclePolicy } from '../policies/oracle.ts';
import { SimulatedStudent } from '../policies/student/student.ts';
import { GenEnvError, type AgentPolicy, type Domain, type EnvironmentPolicy, type TrainableAgent, type TrainableSimulator } from '../spec/index.ts';

/** Wiring only: names → constructors. The loop never sees these names. */
const DOMAINS: Record<string, (options: Record<string, unknown>) => Domain | Promise<Domain>> = {
  arithmetic: (options) => createArithmeticDomain(options),
  toolworld: async (options) => (await import('../domains/toolworld/index.ts')).createToolWorld(options),
};

export function domainNames(): string[] {
  return Object.keys(DOMAINS);
}

export async function createDomain(name: string, options: Record<string, unknown>): Promise<Domain> {
  const factory = DOMAINS[name];
  if (!factory) throw new GenEnvError('config', `unknown domain "${name}" (known: ${domainNames().join(', ')})`);
  return factory(options);
}

interface PolicyInput {
  spec: string;
  domain: Domain;
  options: Record<string, unknown>;
  seed: number;
}

const kindOf = (spec: string) => spec.split(':')[0]!;

/** A trainable agent for `genenv run`. */
export async function createTrainableAgent(input: PolicyInput): Promise<TrainableAgent> {
  switch (kindOf(input.spec)) {
    case 'student':
      return new SimulatedStudent(input.options);
    case 'oracle':
      throw new GenEnvError('config', 'the oracle agent cannot be trained; use it with genenv eval');
    default:
      throw new GenEnvError('config', `unknown agent policy "${input.spec}" (known for training: student)`);
  }
}

/** A trainable simulator for `genenv run`. */
export async function createTrainableSimulator(input: PolicyInput): Promise<TrainableSimulator> {
  switch (kindOf(input.spec)) {
    case 'parametric':
      return new ParametricSimulator(input.domain, input.options);
    default:
      throw new GenEnvError('config', `unknown simulator policy "${input.spec}" (known: parametric)`);
  }
}

/** A teacher simulator for the offline variant (never trained). */
export async function createTeacher(input: PolicyInput): Promise<EnvironmentPolicy> {
  return createTrainableSimulator(input);
}

/** Any agent for evaluation: oracle, student, or a trained checkpoint. */
export async function createEvaluationAgent(input: Omit<PolicyInput, 'domain'> & { domain?: Domain }): Promise<AgentPolicy> {
  switch (kindOf(input.spec)) {
    case 'oracle':
      return new OraclePolicy();
    case 'student':
      return new SimulatedStudent(input.options);
    default:
      throw new GenEnvError('usage', `unknown policy "${input.spec}" (expected oracle, student, builtin:<checkpoint dir> or openai:<base URL>#<model>)`);
  }
}
