import { type Command, Option } from 'commander';
import type { CommandOutput } from './command-output.ts';
import { runComparison } from '../composition/comparison.ts';
import { addConfigFlags, overridesFrom } from './config-flags.ts';
import { integerFlag, listFlag } from '../composition/flags.ts';
import { DEFAULT_PRESET } from '../composition/presets.ts';
import { parseSeedSpec } from './seed-specs.ts';
import { listenForStop } from '../composition/stop-signals.ts';

/** The options and action of `genenv compare`. */
export function configureCompareCommand(command: Command, output: CommandOutput): void {
  addConfigFlags(command, ['seed', 'variant'])
    .option('--preset <name>', `named preset (default ${DEFAULT_PRESET})`)
    .option('--config <file>', 'JSON file with run-config fields (over the preset)')
    .option(
      '--variants <list>',
      'comma-separated variants (genenv,random,uniform,static,base,offline; static-2x for data multiples)',
      listFlag,
      ['genenv', 'random', 'static', 'base'],
    )
    .addOption(
      new Option(
        '--seeds <spec>',
        'seeds: a count N (1..N), a list 101,103,107, a range 101-110, or a mix such as 101-105,110',
      )
        .argParser(parseSeedSpec)
        .default([1, 2, 3], '3'),
    )
    .option('--out <dir>', 'comparison directory (default runs/<timestamp>-compare-<preset>)')
    .option('--parallel <n>', 'runs at once (default: CPU cores)', integerFlag('--parallel'))
    .option('--offline-source <spec>', 'offline variant: teacher policy spec or JSONL file of task specs')
    .option('--quiet', 'no progress output')
    .action(async (options: Record<string, unknown>) => {
      const stop = listenForStop();
      try {
        const result = await runComparison({
          preset: options.preset as string | undefined,
          config: options.config as string | undefined,
          variants: options.variants as string[],
          seeds: options.seeds as number[],
          worldSeed: options.worldSeed as number | undefined,
          out: options.out as string | undefined,
          parallel: options.parallel as number | undefined,
          quiet: Boolean(options.quiet),
          signal: stop.signal,
          overrides: overridesFrom(options),
        });
        output.out(`${result.table}\ncomparison written: ${result.directory}\n`);
      } finally {
        stop.dispose();
      }
    });
}
