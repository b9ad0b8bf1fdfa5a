/** `genenv report DIR`: rebuilds report.html from the stored files of a run or comparison. */
export async function reportCommand(directory: string): Promise<string> {
  // Imported lazily: the charting library takes about a second to load.
  const { buildReport } = await import('../report/index.ts');
  return `report written: ${await buildReport(directory)}`;
}
