import { writeReport } from '../report/index.ts';

/**
 * The report process (`backgroundReportRenderer`): rewrites the report.html of each directory it is sent and
 * answers with the milliseconds it took, or with the one-line reason it failed. It ends when its run does.
 */
process.on('message', (message) => {
  const { directory } = message as { directory: string };
  const startedAt = performance.now();
  let reply: { milliseconds: number } | { error: string };
  try {
    writeReport(directory);
    reply = { milliseconds: performance.now() - startedAt };
  } catch (error) {
    reply = { error: (error as Error).message };
  }
  process.send?.(reply);
});
process.on('disconnect', () => process.exit(0));
// Ctrl-C reaches the terminal's whole process group: the run decides when it stops (after its epoch) and then ends
// this process by closing the channel, so the report is not cut off with a warning in between.
process.on('SIGINT', () => {});
