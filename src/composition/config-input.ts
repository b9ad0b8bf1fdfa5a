/**
 * The type of a run config as a library caller writes it (`runCoevolution`, `resolveConfig`): the fields that differ
 * from a preset, checked as the run will check them. Preset, world and player names are literal unions, each name's
 * options are that backend's own documented type, and the names a caller registers (`ExtraNames`) join the built-in
 * ones. Parts merge key by key over the preset's (config-layers.ts), so a part may give its options without naming
 * its backend; options of a backend the part does not name are refused only where it names one.
 */
import type {
  ArithmeticOptionsInput,
  ClausesOptionsInput,
  BuiltinAgentOptionsInput,
  BuiltinSimulatorOptionsInput,
  HouseholdOptionsInput,
  LadderOptionsInput,
  MultihopOptionsInput,
  OpenAIAgentOptionsInput,
  OpenAISimulatorOptionsInput,
  ParametricOptionsInput,
  RunConfigFields,
  StudentOptionsInput,
  ToolWorldOptionsInput,
  TrainerHookOptionsInput,
  TravelOptionsInput,
} from './option-inputs.ts';
import type { DomainOptionsOf } from '../domains/define-domain.ts';
import type { PresetName } from './presets.ts';

/** A player served over the OpenAI API: `openai:<base URL>[,<base URL>…]#<model>`. */
export type OpenAIPolicyName = `openai:${string}#${string}`;

/** The built-in worlds by name, each with the input type of its options. */
export interface BuiltinDomains {
  arithmetic: ArithmeticOptionsInput;
  clauses: ClausesOptionsInput;
  household: HouseholdOptionsInput;
  ladder: LadderOptionsInput;
  multihop: MultihopOptionsInput;
  toolworld: ToolWorldOptionsInput;
  travel: TravelOptionsInput;
}

/** The trainer hook of an OpenAI-served player, in its options. */
interface TrainerHook {
  /** The trainer hook that updates the served model's weights between epochs (docs/serving.md §7). */
  trainer: TrainerHookOptionsInput;
}

/** The agents a run can train by name, each with the input type of its options. */
export type BuiltinAgents = {
  builtin: BuiltinAgentOptionsInput;
  student: StudentOptionsInput;
} & {
  // A served agent is trained by its trainer hook, which it cannot run without.
  [name: OpenAIPolicyName]: OpenAIAgentOptionsInput & TrainerHook;
};

/** The simulators a run can train by name, each with the input type of its options. */
export type BuiltinSimulators = {
  builtin: BuiltinSimulatorOptionsInput;
  parametric: ParametricOptionsInput;
} & {
  // A served simulator learns in context; a trainer hook also updates its weights.
  [name: OpenAIPolicyName]: OpenAISimulatorOptionsInput & Partial<TrainerHook>;
};

/**
 * Names a caller registers beside the built-in ones, each mapped to the input type of its options: a world's from its
 * `DomainFactory` (`DomainOptionsOf`), a player's from its factory.
 */
export interface ExtraNames {
  domains: Record<string, object>;
  agents: Record<string, object>;
  simulators: Record<string, object>;
}

/** No names beyond the built-in ones. */
export interface NoExtraNames {
  domains: Record<never, never>;
  agents: Record<never, never>;
  simulators: Record<never, never>;
}

/** A player part that names its backend (`agent` or `simulator` of a run config). */
export interface PlayerChoice<Name, Options> {
  /** The backend that plays this part; naming another than the preset's starts its options afresh. */
  policy: Name;
  /** The backend's options, merged key by key over the preset's when it is the preset's backend; null: its defaults. */
  options?: Options | null;
}

/** A player part that keeps the preset's backend and changes only its options. */
export interface PresetPlayer<Options> {
  policy?: undefined;
  /**
   * Options of the preset's backend, merged key by key over the preset's; null: its defaults. Any backend's options
   * are admitted, as the type cannot know which backend the preset names.
   */
  options?: Options | null;
}

/**
 * A run config's player part (`agent` or `simulator`) over the preset's: a backend of `Players` by name with its own
 * options, or options alone for the preset's backend.
 */
export type PlayerPart<Players> =
  | { [Name in keyof Players]: PlayerChoice<Name, Players[Name]> }[keyof Players]
  | PresetPlayer<Players[keyof Players]>;

/** A `domain` part that names its world. */
export interface WorldChoice<Name, Options> {
  /** The task world; naming another than the preset's starts its options afresh. */
  name: Name;
  /** The world's options, merged key by key over the preset's when it is the preset's world; null: its defaults. */
  options?: Options | null;
}

/** A `domain` part that keeps the preset's world and changes only its options. */
export interface PresetWorld<Options> {
  name?: undefined;
  /**
   * Options of the preset's world, merged key by key over the preset's; null: its defaults. Any world's options are
   * admitted, as the type cannot know which world the preset names.
   */
  options?: Options | null;
}

/** A run config's `domain` part over the preset's: a world of `Domains` by name with its options, or options alone. */
export type DomainPart<Domains> =
  | { [Name in keyof Domains]: WorldChoice<Name, Domains[Name]> }[keyof Domains]
  | PresetWorld<Domains[keyof Domains]>;

/** The offline variant's teacher: a simulator by name, never trained, with its options. */
export interface TeacherChoice<Name, Options> {
  /** The teacher policy that proposes every task type. */
  source: Name;
  /** The teacher's options (as `simulator.options`). */
  options?: Options;
}

/** The offline variant's task file. */
export interface TaskFileChoice {
  /** A JSONL file of task specs, one a line (a spec, or `{"spec": …}`). */
  source: `${string}.jsonl` | `${string}.json`;
  options?: undefined;
}

/** The offline variant's task source: a teacher simulator with its options, or a JSONL file of task specs. */
export type OfflinePart<Simulators> =
  | { [Name in keyof Simulators]: TeacherChoice<Name, Simulators[Name]> }[keyof Simulators]
  | TaskFileChoice;

/**
 * A run config in part, as a library caller gives it: its preset (the default one when absent) and the fields that
 * differ from it. `Extra` admits the names a caller registers, with their options' types.
 */
export interface CoevolutionConfig<Extra extends ExtraNames = NoExtraNames> extends RunConfigFields {
  /** The preset these fields go over (`defaultPreset`, the ladder, when absent). */
  preset?: PresetName;
  /** The task world: a built-in one or one the caller registers, with its options. */
  domain?: DomainPart<BuiltinDomains & Extra['domains']>;
  /** The agent policy, trained by GRPO on its own rollouts. */
  agent?: PlayerPart<BuiltinAgents & Extra['agents']>;
  /** The environment policy, which proposes the task types and is trained by RWR on its proposals. */
  simulator?: PlayerPart<BuiltinSimulators & Extra['simulators']>;
  /** The offline variant's task source (`variant: 'offline'`). */
  offline?: OfflinePart<BuiltinSimulators & Extra['simulators']>;
}

/** The names of worlds given as factories (a run's `domains`), each with its options' type; no extra players. */
export interface DomainNames<Domains> extends NoExtraNames {
  domains: { [Name in keyof Domains]: DomainOptionsOf<Domains[Name]> };
}

/**
 * The names of a registry (a run's `domains`, `agents` and `simulators`): each world with its options' type, each
 * player factory with the options a config may give it (its factory validates them).
 */
export interface RegistryNames<Domains, Agents, Simulators> extends NoExtraNames {
  domains: { [Name in keyof Domains]: DomainOptionsOf<Domains[Name]> };
  agents: { [Name in keyof Agents]: Record<string, unknown> };
  simulators: { [Name in keyof Simulators]: Record<string, unknown> };
}
