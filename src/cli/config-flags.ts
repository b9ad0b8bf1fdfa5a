import { type Command, Option } from 'commander';
import { GenEnvError, RETIRED_OPTION_KEYS, type RunConfigInput, retiredOptionMessage } from '../interfaces/index.ts';
import { configHelp } from '../composition/config-resolution.ts';
import { integerFlag, numberFlag } from '../composition/flags.ts';
import { worldSeedFlag } from './seed-specs.ts';

/** Flags that override single config fields: name → config key (help text comes from the schema). */
const CONFIG_FLAGS = [
  ['--epochs <n>', 'epochs', 'integer'],
  ['--seed <n>', 'seed', 'integer'],
  ['--variant <name>', 'variant', 'string'],
  ['--tasks-per-epoch <n>', 'tasksPerEpoch', 'integer'],
  ['--variations <n>', 'variations', 'integer'],
  ['--samples <n>', 'samples', 'integer'],
  ['--alpha <x>', 'alpha', 'number'],
  ['--beta <x>', 'beta', 'number'],
  ['--k-min <x>', 'kMin', 'number'],
  ['--lambda <x>', 'lambda', 'number'],
  ['--weight-normalization <name>', 'weightNormalization', 'string'],
  ['--difficulty-scorer <name>', 'difficultyScorer', 'string'],
  ['--success-estimator <name>', 'successEstimator', 'string'],
  ['--frontier-share <x>', 'frontierShare', 'number'],
  ['--replay-fraction <x>', 'replayFraction', 'number'],
  ['--rehearsal <n>', 'rehearsal', 'integer'],
  ['--static-multiplier <x>', 'staticMultiplier', 'number'],
  ['--held-out-limit <n>', 'heldOutLimit', 'integer'],
  ['--evaluate-every <n>', 'evaluateEvery', 'integer'],
] as const;

/** `--family-temperature` for the config key `familyTemperature`. */
function flagName(key: string): string {
  return `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/**
 * Adds the config-field flags (all but `except`), `--world-seed`, and hidden flags for retired options, which stop
 * the command with the same explanation a config file naming them gets instead of commander's "unknown option".
 */
export function addConfigFlags(command: Command, except: readonly string[] = []): Command {
  for (const [flag, key, kind] of CONFIG_FLAGS) {
    if (except.includes(key)) continue;
    const name = flag.split(' ')[0]!;
    const option = new Option(flag, configHelp(key));
    if (kind === 'integer') option.argParser(integerFlag(name));
    if (kind === 'number') option.argParser(numberFlag(name));
    command.addOption(option);
  }
  command.option(
    '--world-seed <n>',
    "the domain's world seed (domain.options.worldSeed): which world the tasks, seeds and held-out sets come from",
    worldSeedFlag,
  );
  command.option(
    '--width <n>',
    "how many times wider the world's widenable knobs are (domain.options.width: the ladder's distractors, the " +
      "household's receptacles and depth, the clauses world's longest composition); 1 is the original world",
    integerFlag('--width'),
  );
  for (const key of RETIRED_OPTION_KEYS) command.addOption(new Option(`${flagName(key)} [value]`).hideHelp());
  command.hook('preAction', (_, action) => {
    const retired = RETIRED_OPTION_KEYS.find((key) => action.opts()[key] !== undefined);
    if (retired !== undefined) throw new GenEnvError('usage', retiredOptionMessage(flagName(retired)));
  });
  return command;
}

/** The config overrides the flags of `addConfigFlags` (and `--offline-source`) give. */
export function overridesFrom(options: Record<string, unknown>): Partial<RunConfigInput> {
  const overrides: Record<string, unknown> = {};
  for (const [, key] of CONFIG_FLAGS) if (options[key] !== undefined) overrides[key] = options[key];
  if (typeof options.offlineSource === 'string') overrides.offline = { source: options.offlineSource };
  return overrides as Partial<RunConfigInput>;
}
