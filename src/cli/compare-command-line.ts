import { type Command, Option } from 'commander';
import type { CommandOutput } from './command-output.ts';
import { collectComparison, runComparison } from '../composition/comparison.ts';
import { writeJobList } from '../composition/comparison-job-list.ts';
import type { ComparisonOptions } from '../composition/comparison-plan.ts';
import type { CoevolutionConfig } from '../composition/config-input.ts';
import { GenEnvError } from '../interfaces/index.ts';
import { addConfigFlags, overridesFrom } from './config-flags.ts';
import { listFlag, positiveIntegerFlag } from '../composition/flags.ts';
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
    .option(
      '--baselines <list>',
      "comma-separated variants whose strongest final test-hard is the target of comparison.json's rolloutsToReach " +
        '(default: every variant but genenv)',
      listFlag,
    )
    .option('--out <dir>', 'comparison directory (default runs/<timestamp>-compare-<preset>)')
    .option('--parallel <n>', 'runs at once (default: CPU cores)', positiveIntegerFlag('--parallel'))
    .option('--offline-source <spec>', 'offline variant: teacher policy spec or JSONL file of task specs')
    .addOption(
      new Option(
        '--job-list <file>',
        "run nothing here: make each run's folder and write its `genenv run` line to <file>, for GNU parallel, " +
          'a Slurm array or a Kubernetes Job (docs/scaling.md)',
      ).conflicts(['collect', 'parallel']),
    )
    .addOption(
      new Option(
        '--collect',
        'run nothing: write comparison.json and the report from the finished runs in --out (made by the job list)',
      ).conflicts('parallel'),
    )
    .option('--quiet', 'no progress output')
    .action(async (options: Record<string, unknown>) => {
      const comparison: ComparisonOptions = {
        preset: options.preset as string | undefined,
        configFile: options.config as string | undefined,
        variants: options.variants as string[],
        seeds: options.seeds as number[],
        baselines: options.baselines as string[] | undefined,
        worldSeed: options.worldSeed as number | undefined,
        width: options.width as number | undefined,
        out: options.out as string | undefined,
        parallel: options.parallel as number | undefined,
        quiet: Boolean(options.quiet),
        // Checked at run time as a config file is; the flags' types are the schema's, not the library's.
        config: overridesFrom(options) as CoevolutionConfig,
      };
      if (typeof options.jobList === 'string') {
        const list = await writeJobList(comparison, options.jobList);
        output.out(
          `job list written: ${options.jobList} (${list.pending} of ${list.total} runs to go, in ${list.directory}); ` +
            'once they have run, the same command with --collect in place of --job-list writes the comparison\n',
        );
        return;
      }
      if (options.collect && comparison.out === undefined)
        throw new GenEnvError('usage', '--collect needs --out DIR, the folder the job list was written for');
      const stop = listenForStop();
      try {
        const result = options.collect
          ? await collectComparison(comparison)
          : await runComparison({ ...comparison, signal: stop.signal });
        output.out(`${result.table}\ncomparison written: ${result.directory}\n`);
      } finally {
        stop.dispose();
      }
    });
}
