/**
 * `genenv bench`: training and sampling speed of the default built-in model, and orchestration
 * throughput of the OpenAI-compatible agent against an instant local server (rollouts/s, in flight).
 * Prints one JSON object with --json.
 */
export async function benchCommand(options: { json?: boolean; quick?: boolean }): Promise<string> {
  const { runModelBenchmark } = await import('../bench/model-bench.ts');
  const results: Record<string, number | string> = { ...(await runModelBenchmark({ quick: options.quick })) };
  const { runOrchestrationBenchmark } = await import('../bench/orchestration-bench.ts');
  const orchestration = await runOrchestrationBenchmark(options.quick ? { requests: 4000, inFlight: 256 } : { requests: 20000, inFlight: 256 });
  Object.assign(results, orchestration);
  if (options.json) return JSON.stringify(results);
  const width = Math.max(...Object.keys(results).map((key) => key.length));
  return Object.entries(results)
    .map(([key, value]) => `${key.padEnd(width)}  ${typeof value === 'number' ? Number(value.toPrecision(4)) : value}`)
    .join('\n');
}
