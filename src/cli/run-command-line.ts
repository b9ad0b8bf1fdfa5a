import type { Command } from 'commander';
import type { CommandOutput } from './command-output.ts';
import { addConfigFlags, overridesFrom } from './config-flags.ts';
import { accuracyText, figure } from './figures.ts';
import { DEFAULT_PRESET, PRESETS } from '../composition/presets.ts';
import { runCommand } from './run-command.ts';
import { listenForStop } from '../composition/stop-signals.ts';

/** The options and action of `genenv run`. */
export function configureRunCommand(command: Command, output: CommandOutput): void {
  addConfigFlags(command)
    .option('--preset <name>', `named preset (${Object.keys(PRESETS).join(', ')}; default ${DEFAULT_PRESET})`)
    .option('--config <file>', 'JSON file with run-config fields (over the preset)')
    .option('--out <dir>', 'run directory (default runs/<timestamp>-<preset>)')
    .option('--resume <dir>', 'continue the run in <dir> from its last committed epoch')
    .option('--offline-source <spec>', 'offline variant: teacher policy spec or JSONL file of task specs')
    .option('--quiet', 'no progress output')
    .option('--no-report', 'do not write report.html')
    .action(async (options: Record<string, unknown>) => {
      const stop = listenForStop();
      try {
        const { summary, directory } = await runCommand({
          skipReport: options.report === false,
          preset: options.preset as string | undefined,
          config: options.config as string | undefined,
          out: options.out as string | undefined,
          resume: options.resume as string | undefined,
          quiet: Boolean(options.quiet),
          worldSeed: options.worldSeed as number | undefined,
          width: options.width as number | undefined,
          signal: stop.signal,
          overrides: overridesFrom(options),
        });
        const last = summary.epochs.at(-1);
        output.out(
          `run finished: ${directory} (${summary.completedEpochs} epochs, ${figure(summary.wallSeconds, 1)} s, ` +
            `held-out ${accuracyText(last?.heldOutAccuracy ?? {})})\n`,
        );
      } finally {
        stop.dispose();
      }
    });
}
