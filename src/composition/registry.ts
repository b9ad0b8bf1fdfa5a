import { createArithmeticDomain } from '../domains/arithmetic/index.ts';
import type { DomainFactory } from '../domains/define-domain.ts';
import { ParametricSimulator } from '../policies/parametric/parametric-simulator.ts';
import { OraclePolicy } from '../policies/oracle.ts';
import { SimulatedStudent } from '../policies/student/student.ts';
import { hookSettings, splitTrainerOptions } from './trainer-options.ts';
import {
  ConfigError,
  GenEnvError,
  type AgentPolicy,
  type Domain,
  type SimulatorPolicy,
  type TrainableAgent,
  type TrainableSimulator,
} from '../interfaces/index.ts';

/** What a player factory is given: the config's spec and options for it, the world, the run's seed and folder. */
export interface PlayerInput {
  /** The policy spec of the config that named the factory (`builtin`, `openai:<URL>#<model>`, a registered name). */
  spec: string;
  domain: Domain;
  /** The config's `agent.options` or `simulator.options`; the factory validates them. */
  options: Record<string, unknown>;
  /** The run's seed. */
  seed: number;
  /** The run folder (it is made after every player has been made and has answered). */
  runDirectory?: string;
}

/** Makes a trainable agent for a config naming it. */
export type AgentFactory = (input: PlayerInput) => TrainableAgent | Promise<TrainableAgent>;
/** Makes a trainable simulator for a config naming it. */
export type SimulatorFactory = (input: PlayerInput) => TrainableSimulator | Promise<TrainableSimulator>;

/**
 * Worlds and players of a caller's own, by the names a config gives them (`domain.name`, `agent.policy`,
 * `simulator.policy`), looked up before the built-in ones; a name may not be one genenv already gives (a built-in
 * world, or a policy kind such as `builtin` or `openai`).
 */
export interface PlayerRegistry {
  domains?: Readonly<Record<string, DomainFactory>>;
  agents?: Readonly<Record<string, AgentFactory>>;
  simulators?: Readonly<Record<string, SimulatorFactory>>;
}

/** Wiring only: names → constructors. The loop never sees these names. */
const DOMAINS: Record<string, (options: Record<string, unknown>) => Domain | Promise<Domain>> = {
  arithmetic: (options) => createArithmeticDomain(options),
  toolworld: async (options) => (await import('../domains/toolworld/index.ts')).createToolWorld(options),
  household: async (options) => (await import('../domains/household/index.ts')).createHousehold(options),
  travel: async (options) => (await import('../domains/travel/index.ts')).createTravel(options),
  multihop: async (options) => (await import('../domains/multihop/index.ts')).createMultihop(options),
  ladder: async (options) => (await import('../domains/ladder/index.ts')).createLadderWorld(options),
  clauses: async (options) => (await import('../domains/clauses/index.ts')).createClausesWorld(options),
};

/** The policy kinds genenv builds itself: the part of a spec before its first colon. */
const BUILT_IN_POLICY_KINDS = ['builtin', 'student', 'parametric', 'oracle', 'openai', 'external', 'own'];

/** The names of the built-in worlds, and of `registry`'s own after them. */
export function domainNames(registry: PlayerRegistry = {}): string[] {
  return [...Object.keys(DOMAINS), ...Object.keys(registry.domains ?? {})];
}

/**
 * Refuses a registry that takes a name genenv already gives: a built-in world's, or a built-in policy kind's (a
 * config naming it would be ambiguous). ConfigError naming the first such name.
 */
export function checkRegistry(registry: PlayerRegistry): void {
  const world = Object.keys(registry.domains ?? {}).find((own) => Object.hasOwn(DOMAINS, own));
  if (world) throw new ConfigError(`domain "${world}" is built in; give your own world another name`);
  for (const [role, table] of [
    ['agent', registry.agents],
    ['simulator', registry.simulators],
  ] as const) {
    const clash = Object.keys(table ?? {}).find((own) => BUILT_IN_POLICY_KINDS.includes(kindOf(own)));
    if (clash)
      throw new ConfigError(
        `${role} "${clash}" takes the name of a built-in policy kind (${BUILT_IN_POLICY_KINDS.join(', ')}); give it another`,
      );
  }
}

/**
 * The domain a config names, with its options: a built-in one, or one of `extra` (a caller's own worlds, by name,
 * which may not take a built-in name). GenEnvError('config') for an unknown name or a bad option.
 */
export async function createDomain(
  name: string,
  options: Record<string, unknown> = {},
  extra: Readonly<Record<string, DomainFactory>> = {},
): Promise<Domain> {
  checkRegistry({ domains: extra });
  const factory = Object.hasOwn(extra, name) ? extra[name] : Object.hasOwn(DOMAINS, name) ? DOMAINS[name] : undefined;
  if (!factory) {
    const known = [...domainNames(), ...Object.keys(extra)].join(', ');
    throw new ConfigError(`unknown domain "${name}" (known: ${known})`);
  }
  return factory(options);
}

type PolicyInput = PlayerInput;

const kindOf = (spec: string) => spec.split(':')[0]!;

const builtin = () => import('../policies/builtin/index.ts');
const openai = () => import('../policies/openai/index.ts');

/** An OpenAI-served agent made trainable by a trainer hook (`options.trainer`). */
async function hookTrainedAgent(input: PolicyInput): Promise<TrainableAgent> {
  const { rest, trainer } = splitTrainerOptions(input.options, 'agent');
  if (!trainer)
    throw new GenEnvError(
      'config',
      `agent "${input.spec}" needs agent.options.trainer {command, format, adapters} to be trained; a frozen ` +
        `model belongs in genenv eval`,
    );
  const agent = await (await openai()).createOpenAIAgent({ ...input, options: rest });
  const { parseOpenAIPolicySpec } = await openai();
  const settings = await hookSettings(
    trainer,
    parseOpenAIPolicySpec(input.spec).baseUrls,
    rest.apiKeyEnv as string | undefined,
    input.runDirectory ?? '.',
    'agent',
  );
  const { HookTrainedAgent } = await import('../external-trainers/index.ts');
  return new HookTrainedAgent(agent, settings);
}

/** An OpenAI-served simulator: in-context RWR, plus weight updates when a trainer hook is given. */
async function openAISimulator(input: PolicyInput): Promise<TrainableSimulator> {
  const { rest, trainer } = splitTrainerOptions(input.options, 'simulator');
  const simulator = await (await openai()).createOpenAISimulator({ ...input, options: rest });
  if (!trainer) return simulator;
  const { parseOpenAIPolicySpec } = await openai();
  const settings = await hookSettings(
    trainer,
    parseOpenAIPolicySpec(input.spec).baseUrls,
    rest.apiKeyEnv as string | undefined,
    input.runDirectory ?? '.',
    'simulator',
  );
  const { HookTrainedSimulator } = await import('../external-trainers/index.ts');
  return new HookTrainedSimulator(simulator, input.domain, settings);
}

/** A trainable agent for a run: the registry's factory of that name, else a built-in one. */
export async function createTrainableAgent(
  input: PolicyInput,
  agents: PlayerRegistry['agents'] = {},
): Promise<TrainableAgent> {
  if (Object.hasOwn(agents, input.spec)) return agents[input.spec]!(input);
  switch (kindOf(input.spec)) {
    case 'student':
      return new SimulatedStudent(input.options);
    case 'builtin':
      if (input.spec !== 'builtin')
        throw new GenEnvError(
          'config',
          `agent policy "${input.spec}": a trained agent starts from "builtin"; builtin:<dir> is for genenv eval`,
        );
      return (await builtin()).createBuiltinAgent(input);
    case 'openai':
      return hookTrainedAgent(input);
    case 'oracle':
      throw new GenEnvError('config', 'the oracle agent cannot be trained; use it with genenv eval');
    default:
      throw new GenEnvError(
        'config',
        `unknown agent policy "${input.spec}" (known for training: ${['builtin', 'student', 'openai:<base URL>#<model>', ...Object.keys(agents)].join(', ')})`,
      );
  }
}

/** A trainable simulator for a run: the registry's factory of that name, else a built-in one. */
export async function createTrainableSimulator(
  input: PolicyInput,
  simulators: PlayerRegistry['simulators'] = {},
): Promise<TrainableSimulator> {
  if (Object.hasOwn(simulators, input.spec)) return simulators[input.spec]!(input);
  switch (kindOf(input.spec)) {
    case 'parametric':
      return new ParametricSimulator(input.domain, input.options);
    case 'builtin':
      return (await builtin()).createBuiltinSimulator(input);
    case 'openai':
      return openAISimulator(input);
    default:
      throw new GenEnvError(
        'config',
        `unknown simulator policy "${input.spec}" (known: ${['builtin', 'parametric', 'openai:<base URL>#<model>', ...Object.keys(simulators)].join(', ')})`,
      );
  }
}

/** A teacher simulator for the offline variant (never trained). */
export async function createTeacher(input: PolicyInput): Promise<SimulatorPolicy> {
  return createTrainableSimulator(input);
}

/** Any agent for evaluation: oracle, student, or a trained checkpoint. */
export async function createEvaluationAgent(
  input: Omit<PolicyInput, 'domain'> & { domain?: Domain },
): Promise<AgentPolicy> {
  switch (kindOf(input.spec)) {
    case 'oracle':
      return new OraclePolicy();
    case 'student':
      return new SimulatedStudent(input.options);
    case 'builtin': {
      const directory = input.spec.slice('builtin:'.length);
      if (!input.spec.startsWith('builtin:') || !directory)
        throw new GenEnvError('usage', 'policy "builtin" needs a checkpoint: builtin:<checkpoint dir>');
      return (await builtin()).loadBuiltinAgent(directory);
    }
    case 'openai':
      return (await openai()).createOpenAIAgent({
        spec: input.spec,
        domain: input.domain,
        options: input.options,
        seed: input.seed,
      });
    default:
      throw new GenEnvError(
        'usage',
        `unknown policy "${input.spec}" (expected oracle, student, builtin:<checkpoint dir> or openai:<base ` +
          `URL>#<model>)`,
      );
  }
}
