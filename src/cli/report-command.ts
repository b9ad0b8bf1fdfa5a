import type { Command } from 'commander';
import type { CommandOutput } from './command-output.ts';

/** `genenv report DIR`: rebuilds report.html from the stored files of a run or comparison. */
export async function reportCommand(directory: string): Promise<string> {
  // Imported lazily: the charting library takes about a second to load.
  const { buildReport } = await import('../report/index.ts');
  return `report written: ${await buildReport(directory)}`;
}

/** The argument and action of `genenv report`. */
export function configureReportCommand(command: Command, output: CommandOutput): void {
  command.argument('<dir>', 'run or comparison directory').action(async (directory: string) => {
    output.out(`${await reportCommand(directory)}\n`);
  });
}
