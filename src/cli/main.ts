import { Command, Option } from 'commander';
import type { RunConfigInput } from '../interfaces/index.ts';
import { configHelp } from './config-resolution.ts';
import { exitStatusOf } from './exit-status.ts';
import { integerFlag, listFlag, numberFlag } from './flags.ts';
import { DEFAULT_PRESET, PRESETS } from './presets.ts';
import { runCommand } from './run-command.ts';
import { compareCommand } from './compare-command.ts';
import { EVAL_GENERATION_FLAGS, evalCommand } from './eval-command.ts';
import { reportCommand } from './report-command.ts';
import { BENCH_SUITES, benchCommand } from './bench-command.ts';
import { registerServeCommand } from './serve-command.ts';
import { registerDataCommand } from './data-command.ts';
import { registerTrainCommand } from './train-command.ts';

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
  ['--replay-fraction <x>', 'replayFraction', 'number'],
  ['--rehearsal <n>', 'rehearsal', 'integer'],
  ['--static-multiplier <x>', 'staticMultiplier', 'number'],
  ['--held-out-limit <n>', 'heldOutLimit', 'integer'],
] as const;

function addConfigFlags(command: Command, except: readonly string[] = []): Command {
  for (const [flag, key, kind] of CONFIG_FLAGS) {
    if (except.includes(key)) continue;
    const name = flag.split(' ')[0]!;
    const option = new Option(flag, configHelp(key));
    if (kind === 'integer') option.argParser(integerFlag(name));
    if (kind === 'number') option.argParser(numberFlag(name));
    command.addOption(option);
  }
  return command;
}

function overridesFrom(options: Record<string, unknown>): Partial<RunConfigInput> {
  const overrides: Record<string, unknown> = {};
  for (const [, key] of CONFIG_FLAGS) if (options[key] !== undefined) overrides[key] = options[key];
  if (typeof options.offlineSource === 'string') overrides.offline = { source: options.offlineSource };
  return overrides as Partial<RunConfigInput>;
}

/**
 * The commander program of the CLI, commands and flags declared, nothing run until it parses; exported so that a
 * test can check every command line the docs show against it.
 */
export function buildProgram(
  output: { out: (text: string) => void; err: (text: string) => void },
  setExit: (code: number) => void,
): Command {
  const program = new Command('genenv')
    .description('Difficulty-aligned co-evolution of an LLM agent and a generative environment simulator (GenEnv).')
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: output.out,
      writeErr: output.err,
      outputError: (text, write) => write(`${text.split('\n')[0]!}\n`),
    })
    .exitOverride();

  addConfigFlags(program.command('run').description('one co-evolution run'))
    .option('--preset <name>', `named preset (${Object.keys(PRESETS).join(', ')}; default ${DEFAULT_PRESET})`)
    .option('--config <file>', 'JSON file with run-config fields (over the preset)')
    .option('--out <dir>', 'run directory (default runs/<timestamp>-<preset>)')
    .option('--resume <dir>', 'continue the run in <dir> from its last committed epoch')
    .option('--offline-source <spec>', 'offline variant: teacher policy spec or JSONL file of task specs')
    .option('--quiet', 'no progress output')
    .option('--no-report', 'do not write report.html')
    .action(async (options: Record<string, unknown>) => {
      const { summary, directory } = await runCommand({
        skipReport: options.report === false,
        preset: options.preset as string | undefined,
        config: options.config as string | undefined,
        out: options.out as string | undefined,
        resume: options.resume as string | undefined,
        quiet: Boolean(options.quiet),
        overrides: overridesFrom(options),
      });
      const last = summary.epochs.at(-1);
      output.out(
        `run finished: ${directory} (${summary.completedEpochs} epochs, ${summary.wallSeconds.toFixed(1)} s, ` +
          `held-out ${JSON.stringify(last?.heldOutAccuracy ?? {})})\n`,
      );
    });

  addConfigFlags(
    program.command('compare').description('several variants and seeds on one preset with the same budget'),
    ['seed', 'variant'],
  )
    .option('--preset <name>', `named preset (default ${DEFAULT_PRESET})`)
    .option('--config <file>', 'JSON file with run-config fields (over the preset)')
    .option(
      '--variants <list>',
      'comma-separated variants (genenv,random,uniform,static,base,offline; static-2x for data multiples)',
      listFlag,
      ['genenv', 'random', 'static', 'base'],
    )
    .option('--seeds <n>', 'number of seeds (1..n)', integerFlag('--seeds'), 3)
    .option('--out <dir>', 'comparison directory (default runs/<timestamp>-compare-<preset>)')
    .option('--parallel <n>', 'runs at once (default: CPU cores)', integerFlag('--parallel'))
    .option('--offline-source <spec>', 'offline variant: teacher policy spec or JSONL file of task specs')
    .option('--quiet', 'no progress output')
    .action(async (options: Record<string, unknown>) => {
      const result = await compareCommand({
        preset: options.preset as string | undefined,
        config: options.config as string | undefined,
        variants: options.variants as string[],
        seeds: options.seeds as number,
        out: options.out as string | undefined,
        parallel: options.parallel as number | undefined,
        quiet: Boolean(options.quiet),
        overrides: overridesFrom(options),
      });
      output.out(`${result.table}\ncomparison written: ${result.directory}\n`);
    });

  const evalProgram = program
    .command('eval')
    .description('run a policy on a benchmark')
    .requiredOption('--benchmark <name>', 'api-bank, bfcl, bamboogle, travelplanner or alfworld')
    .requiredOption('--policy <spec>', 'builtin:<checkpoint dir>, openai:<base URL>#<model>, oracle or student')
    .option('--data <path>', 'benchmark data folder (default: <data folder>/<name>, filled by genenv data fetch)')
    .option('--mode <name>', 'benchmark-specific scoring mode')
    .option('--limit <n>', 'evaluate at most n items', integerFlag('--limit'))
    .option('--out <dir>', 'where per-item results and the summary are written')
    .option('--seed <n>', 'random seed', integerFlag('--seed'), 1)
    .option('--json', 'print the summary as JSON');
  for (const [flag, description, integer] of EVAL_GENERATION_FLAGS) {
    const name = flag.split(' ')[0]!;
    evalProgram.option(flag, description, integer ? integerFlag(name) : numberFlag(name));
  }
  evalProgram.action(async (options: Record<string, unknown>) => {
    output.out(`${await evalCommand(options as never)}\n`);
  });

  program
    .command('report')
    .description('(re)build report.html of a run or comparison directory from its files')
    .argument('<dir>', 'run or comparison directory')
    .action(async (directory: string) => {
      output.out(`${await reportCommand(directory)}\n`);
    });

  program
    .command('bench')
    .description('measure the built-in model, orchestration and genenv serve')
    .addOption(
      new Option(
        '--suite <name>',
        'speed: model and orchestration throughput; serve: genenv serve throughput, kill -9 and hostile-request checks',
      )
        .choices([...BENCH_SUITES])
        .default('speed'),
    )
    .option('--json', 'print one JSON object')
    .option('--quick', 'shorter measurement')
    .action(async (options: Parameters<typeof benchCommand>[0]) => {
      output.out(`${await benchCommand(options)}\n`);
    });

  registerServeCommand(program, output.out);
  registerDataCommand(program, output.out);
  registerTrainCommand(program, output.out, output.err);

  program.hook('postAction', () => setExit(0));
  return program;
}

/**
 * Runs the CLI and returns the exit code. Every error reaches the user as one line on stderr
 * (GENENV_DEBUG=1 adds the stack); 2 for usage errors, 1 otherwise.
 */
export async function main(argv: string[]): Promise<number> {
  let exitCode = 0;
  const output = {
    out: (text: string) => {
      process.stdout.write(text);
    },
    err: (text: string) => {
      process.stderr.write(text);
    },
  };
  const program = buildProgram(output, (code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (error) {
    return exitStatusOf(error, 'genenv');
  }
}
