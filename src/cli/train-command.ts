import type { Command } from 'commander';
import { appendFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { studentPrompt } from '../serve-client/client.ts';
import { GenEnvError, type AgentPrompt, type RunConfig } from '../interfaces/index.ts';
import { writeDirectoryAtomic, writeFileAtomic } from '../util/files.ts';
import { resolveRunConfig } from '../composition/config-resolution.ts';
import type { CommandOutput } from './command-output.ts';
import { accuracyText } from './figures.ts';
import { integerFlag } from '../composition/flags.ts';
import { DEFAULT_PRESET, PRESETS } from '../composition/presets.ts';
import { createDomain, createTrainableAgent } from '../composition/registry.ts';
import { ServedCurriculum, type TaskObservation } from '../serve-client/served-episodes.ts';
import { flattenServedEpoch, type ServedEpochRecord } from '../serve-client/served-epoch-record.ts';
import { observedPrompt, trainOverService } from '../serve-client/served-trainer.ts';
import { type FlatMetrics, metricsCsv } from '../store/metrics-csv.ts';
import { timestampedRunFolder } from '../util/timestamped-run-folder.ts';

export interface TrainCommandOptions {
  /** Base URL of a running `genenv serve`. */
  serve: string;
  preset?: string;
  config?: string;
  seed?: number;
  out?: string;
  tokenEnv?: string;
  quiet?: boolean;
}

function serviceUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new GenEnvError('usage', `--serve ${value} is not a URL (e.g. http://127.0.0.1:8000)`);
  }
  if (url.protocol !== 'http:') throw new GenEnvError('usage', `--serve ${value}: genenv serve speaks http://`);
  return url.origin;
}

function tokenFrom(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const value = process.env[name];
  if (!value) throw new GenEnvError('usage', `--token-env ${name}: the environment variable ${name} is empty or unset`);
  return value;
}

/** What the served trainer can train: the built-in agent, or the simulated student on arithmetic. */
function promptReader(config: RunConfig): (observation: TaskObservation) => AgentPrompt {
  const policy = config.agent.policy;
  if (policy === 'builtin') return observedPrompt;
  if (policy === 'student' && config.domain.name === 'arithmetic') return studentPrompt;
  throw new GenEnvError(
    'config',
    `genenv train trains the built-in agent (agent.policy "builtin"), or the simulated student on arithmetic; ` +
      `got "${policy}" on ${config.domain.name}`,
  );
}

/** The run config the trainer shares with the service, with what the served trainer does not do refused. */
function trainerConfig(options: TrainCommandOptions): RunConfig {
  const config = resolveRunConfig({
    preset: options.preset,
    configFile: options.config,
    overrides: options.seed === undefined ? {} : { seed: options.seed },
  });
  if (config.rehearsal > 0)
    throw new GenEnvError(
      'config',
      `rehearsal ${config.rehearsal}: the served trainer trains on the service's groups only; set rehearsal to 0`,
    );
  return config;
}

function epochLine(record: ServedEpochRecord): string {
  const format = (value: number | null) => (value === null ? '–' : value.toFixed(2));
  const heldOut = Object.entries(record.heldOutAccuracy)
    .map(([name, value]) => `${name} ${value.toFixed(2)}`)
    .join(' ');
  const { act, update } = record.seconds;
  const { groups, successRate, reward } = record.trainer;
  return (
    `epoch ${record.epoch}: ${groups} groups, success ${format(successRate)} reward ` +
    `${format(reward)} | held-out ${heldOut || '–'} (act ${act.toFixed(1)} s, update ${update.toFixed(1)} s)`
  );
}

/**
 * `genenv train --serve URL`: trains the built-in agent in this process against a running `genenv serve`,
 * over its HTTP protocol only, until the service's run is over. The preset, config and seed must be the
 * service's (the protocol does not carry them): they give the agent's options, its warm start on the
 * domain's seeds and the held-out evaluation. Writes DIR/config.json, DIR/metrics.jsonl (a line per served
 * epoch), DIR/metrics.csv (the same epochs as flat scalars, rewritten whole after each; docs/metrics.md) and the
 * agent's checkpoint in DIR/agent (for `genenv eval --policy builtin:DIR/agent`).
 */
export async function trainCommand(
  options: TrainCommandOptions,
  log: (text: string) => void,
): Promise<{ directory: string; records: ServedEpochRecord[] }> {
  const url = serviceUrl(options.serve);
  const token = tokenFrom(options.tokenEnv);
  const config = trainerConfig(options);
  const promptOf = promptReader(config);
  const domain = await createDomain(config.domain.name, config.domain.options);
  if (domain.interactive)
    throw new GenEnvError('config', `the served trainer plays single-response domains; ${domain.name} is multi-turn`);
  const directory = options.out ?? timestampedRunFolder(`train-${config.preset}`);
  const metricsPath = join(directory, 'metrics.jsonl');
  if (existsSync(metricsPath)) throw new GenEnvError('usage', `${directory} already holds a trainer's metrics.jsonl`);
  const curriculum = new ServedCurriculum(url, token);
  try {
    const served = await curriculum.domainName();
    if (served !== domain.name)
      throw new GenEnvError(
        'config',
        `the service at ${url} serves ${served}, this config trains on ${domain.name}: give the service's preset`,
      );
    const agent = await createTrainableAgent({
      spec: config.agent.policy,
      domain,
      options: config.agent.options,
      seed: config.seed,
    });
    try {
      mkdirSync(directory, { recursive: true });
      writeFileAtomic(join(directory, 'config.json'), `${JSON.stringify({ serve: url, ...config }, null, 1)}\n`);
      const rows: FlatMetrics[] = [];
      const records = await trainOverService({
        curriculum,
        config,
        domain,
        agent,
        promptOf,
        onEpoch: (record) => {
          appendFileSync(metricsPath, `${JSON.stringify(record)}\n`);
          rows.push(flattenServedEpoch(record));
          writeFileAtomic(join(directory, 'metrics.csv'), metricsCsv(rows));
          if (!options.quiet) log(`${epochLine(record)}\n`);
        },
      });
      await writeDirectoryAtomic(join(directory, 'agent'), (path) => agent.save(path));
      return { directory, records };
    } finally {
      await agent.close?.();
    }
  } finally {
    curriculum.close();
  }
}

/** The options and action of `genenv train`. */
export function configureTrainCommand(command: Command, output: CommandOutput): void {
  command
    .requiredOption('--serve <url>', 'base URL of the running genenv serve, e.g. http://127.0.0.1:8000')
    .option('--preset <name>', `the service's preset (${Object.keys(PRESETS).join(', ')}; default ${DEFAULT_PRESET})`)
    .option('--config <file>', "the service's JSON config file (over the preset)")
    .option('--seed <n>', "the service's seed (the agent's initial weights and samples)", integerFlag('--seed'))
    .option(
      '--out <dir>',
      'where metrics.jsonl, metrics.csv and the agent checkpoint go (default runs/<timestamp>-train-<preset>)',
    )
    .option('--token-env <name>', 'environment variable holding the bearer token of the service')
    .option('--quiet', 'no line per epoch')
    .action(async (flags: TrainCommandOptions) => {
      const { directory, records } = await trainCommand(flags, output.err);
      const last = records.at(-1);
      output.out(
        `training finished: ${directory} (${records.length} served epochs, held-out ` +
          `${accuracyText(last?.heldOutAccuracy ?? {})})\n`,
      );
    });
}
