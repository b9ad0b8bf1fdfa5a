/**
 * The type of a run config as a library caller writes it (`runCoevolution`, `resolveConfig`): the fields that differ
 * from a preset, checked as the run will check them. Preset, world and player names are literal unions, each name's
 * options are that backend's own documented type, and the names a caller registers (`ExtraNames`) join the built-in
 * ones. Parts merge key by key over the preset's (config-layers.ts), so a part may give its options without naming
 * its backend; options of a backend the part does not name are refused only where it names one.
 */
import type {
  ArithmeticOptionsInput,
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

/**
 * A run config's player part (`agent` or `simulator`) over the preset's: a named backend with its own options, or
 * options alone for the preset's backend (any backend's options, as the type cannot know which one the preset names).
 * `options: null` starts from the backend's defaults.
 */
export type PlayerPart<Players> =
  | {
      [Name in keyof Players]: {
        /** The backend that plays this part; naming another than the preset's starts its options afresh. */
        policy: Name;
        /** The backend's options, merged key by key over the preset's when the backend is the preset's. */
        options?: Players[Name] | null;
      };
    }[keyof Players]
  | {
      policy?: undefined;
      /** Options of the preset's backend, merged key by key over the preset's. */
      options?: Players[keyof Players] | null;
    };

/** A run config's `domain` part over the preset's: a named world with its own options, or options alone. */
export type DomainPart<Domains> =
  | {
      [Name in keyof Domains]: {
        /** The task world; naming another than the preset's starts its options afresh. */
        name: Name;
        /** The world's options, merged key by key over the preset's when the world is the preset's. */
        options?: Domains[Name] | null;
      };
    }[keyof Domains]
  | {
      name?: undefined;
      /** Options of the preset's world, merged key by key over the preset's. */
      options?: Domains[keyof Domains] | null;
    };

/** The offline variant's task source: a teacher simulator with its options, or a JSONL file of task specs. */
export type OfflinePart<Simulators> =
  | {
      [Name in keyof Simulators]: {
        /** The teacher policy that proposes every task type, never trained. */
        source: Name;
        /** The teacher's options (as `simulator.options`). */
        options?: Simulators[Name];
      };
    }[keyof Simulators]
  | {
      /** A JSONL file of task specs, one a line (a spec, or `{"spec": …}`). */
      source: `${string}.jsonl` | `${string}.json`;
      options?: undefined;
    };

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
