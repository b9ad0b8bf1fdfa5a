/**
 * The genenv lab, `npm run lab -- <suite> [options]`: research diagnostics and probes of the method, kept apart
 * from the product. suites/ holds one command each (it runs a probe or reads runs, then prints its table and, with
 * --out, writes it for `genenv report`); probes/ trains or simulates to measure one link of the method;
 * diagnostics/ reads finished runs; analyses/ holds the statistics both compute. The lab imports the product (its wiring
 * through src/composition/, never src/cli/); the product never imports the lab (test/architecture.test.ts).
 */
import { Argument, Command } from 'commander';
import { exitStatusOf, integerFlag, listFlag } from '../src/internal.ts';
import type { DiagnosticOptions } from './diagnostic-output.ts';
import { LAB_SUITES } from './suites.ts';

/** The lab's commander program: one suite argument with the suites as its choices, and the shared flags. */
export function buildProgram(output: { out: (text: string) => void; err: (text: string) => void }): Command {
  const names = Object.keys(LAB_SUITES);
  const width = Math.max(...names.map((name) => name.length));
  return new Command('genenv-lab')
    .description('Research diagnostics and probes of GenEnv (the lab, apart from the genenv product).')
    .addArgument(new Argument('<suite>', 'which diagnostic or probe to run').choices(names))
    .option('--json', 'print one JSON object')
    .option('--quick', 'shorter measurement')
    .option(
      '--seeds <n>',
      'grpo-step, parametric-steering, served-trainer (default 3), exploration, clauses-world (default 1), ' +
        'warm-start-seeds (default 20): seeds 1..n',
      integerFlag('--seeds'),
    )
    .option(
      '--preset <name>',
      "served-trainer: the preset both arms run; warm-start-seeds: the preset (default: genenv run's default); " +
        'clauses-world: the preset (default clauses)',
    )
    .option(
      '--world-seed <n>',
      "warm-start-seeds, clauses-world: the domain's world seed (default: the preset's)",
      integerFlag('--world-seed'),
    )
    .option('--config <file>', "warm-start-seeds: a config file over the preset, as genenv run's --config")
    .option('--held-out', 'warm-start-seeds: also measure held-out accuracy after the warm start')
    .option(
      '--out <dir>',
      'all but warm-start and grpo-lr: also write <dir>/<suite>.json and <dir>/diagnostics/<suite>.json, which ' +
        '`genenv report <dir>` shows',
    )
    .option(
      '--runs <list>',
      'comma-separated: two run directories (curriculum, signal, transfer), pilot run directories (ladder-pilot) or ' +
        'comparison directories (claim, ladder-link, pooled; claim takes label=dir to name its variants ' +
        'label:variant, pooled label=dir to name its worlds)',
      listFlag,
    )
    .option(
      '--baselines <list>',
      'claim, pooled: comma-separated variants whose strongest final test-hard is the target of the rollouts to ' +
        'reach (default: every variant but genenv)',
      listFlag,
    )
    .addHelpText(
      'after',
      `\nSuites:\n${names.map((name) => `  ${name.padEnd(width)}  ${LAB_SUITES[name]!.summary}`).join('\n')}\n`,
    )
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: output.out,
      writeErr: output.err,
      outputError: (text, write) => write(`${text.split('\n')[0]!}\n`),
    })
    .exitOverride()
    .action(async (suite: string, options: DiagnosticOptions) => {
      output.out(`${await LAB_SUITES[suite]!.run(options)}\n`);
    });
}

/**
 * Runs the lab and returns the exit code. Every error reaches the user as one line on stderr
 * (GENENV_DEBUG=1 adds the stack); 2 for usage errors, 1 otherwise.
 */
export async function main(argv: string[]): Promise<number> {
  const output = {
    out: (text: string) => {
      process.stdout.write(text);
    },
    err: (text: string) => {
      process.stderr.write(text);
    },
  };
  try {
    await buildProgram(output).parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    return exitStatusOf(error, 'genenv-lab');
  }
}
