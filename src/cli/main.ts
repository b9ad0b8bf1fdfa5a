import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import type { CommandOutput } from './command-output.ts';
import { EXIT_CODES_HELP, exitStatusOf } from '../composition/exit-status.ts';

/** Fills in a command's options and action once the command line names it. */
type Configure = (command: Command, output: CommandOutput) => void;

/**
 * Each command's name and one-line description, enough for `genenv --help`, and how to load the rest: a command's
 * module (and what it imports: fastify, better-sqlite3, the models, zod) is loaded only when the command line names
 * it, so `genenv --help` and `--version` answer without loading any of them.
 */
const COMMANDS: readonly { name: string; description: string; load: () => Promise<Configure> }[] = [
  {
    name: 'run',
    description: 'one co-evolution run',
    load: async () => (await import('./run-command-line.ts')).configureRunCommand,
  },
  {
    name: 'compare',
    description: 'several variants and seeds on one preset with the same budget',
    load: async () => (await import('./compare-command-line.ts')).configureCompareCommand,
  },
  {
    name: 'eval',
    description: 'run a policy on a benchmark',
    load: async () => (await import('./eval-command.ts')).configureEvalCommand,
  },
  {
    name: 'report',
    description: '(re)build report.html of a run or comparison directory from its files',
    load: async () => (await import('./report-command.ts')).configureReportCommand,
  },
  {
    name: 'bench',
    description: 'measure the built-in model, orchestration and genenv serve',
    load: async () => (await import('./bench-command.ts')).configureBenchCommand,
  },
  {
    name: 'serve',
    description: 'serve the co-evolving curriculum to an external trainer (OpenEnv HTTP/WebSocket, OpenRLHF reward)',
    load: async () => (await import('./serve-command.ts')).configureServeCommand,
  },
  {
    name: 'data',
    description: 'benchmark data: fetch it into the data folder, list what is there',
    load: async () => (await import('./data-command.ts')).configureDataCommand,
  },
  {
    name: 'train',
    description: 'train the built-in agent against a running genenv serve, as an external trainer (HTTP protocol)',
    load: async () => (await import('./train-command.ts')).configureTrainCommand,
  },
];

/** The package's version, from package.json two folders up (the same from src/cli and dist/cli). */
function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;
}

/** The command the arguments name (`genenv help run` names run), if any: the program itself takes no values. */
function namedCommand(argv: readonly string[]): string | undefined {
  const words = argv.filter((argument) => !argument.startsWith('-'));
  return words[0] === 'help' ? words[1] : words[0];
}

/**
 * The commander program of the CLI: every command named and described, and the one the arguments name (or, with
 * `everyCommand`, all of them) with its flags and action; nothing runs until it parses. Exported so that a test can
 * check every command line the docs show against it.
 */
export async function buildProgram(
  argv: readonly string[],
  output: CommandOutput,
  setExit: (code: number) => void,
  everyCommand = false,
): Promise<Command> {
  const program = new Command('genenv')
    .description('Difficulty-aligned co-evolution of an LLM agent and a generative environment simulator (GenEnv).')
    .version(packageVersion(), '-V, --version', 'print the version')
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: output.out,
      writeErr: output.err,
      outputError: (text, write) => write(`${text.split('\n')[0]!}\n`),
    })
    .addHelpText('after', `\n${EXIT_CODES_HELP}`)
    .exitOverride();
  const wanted = namedCommand(argv);
  for (const { name, description, load } of COMMANDS) {
    const command = program.command(name).description(description);
    if (everyCommand || name === wanted) (await load())(command, output);
  }
  program.hook('postAction', () => setExit(0));
  return program;
}

/**
 * Runs the CLI and returns the exit code (see EXIT_CODES_HELP). Every error reaches the user as one line on stderr
 * (GENENV_DEBUG=1 adds the stack).
 */
export async function main(argv: string[]): Promise<number> {
  let exitCode = 0;
  const output: CommandOutput = {
    out: (text) => {
      process.stdout.write(text);
    },
    err: (text) => {
      process.stderr.write(text);
    },
  };
  try {
    const program = await buildProgram(argv, output, (code) => {
      exitCode = code;
    });
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (error) {
    return exitStatusOf(error, 'genenv', namedCommand(argv));
  }
}
