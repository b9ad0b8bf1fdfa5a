/** Location of the shared BFCL data for tests (never copied into the repository). */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const BFCL_DATA_PATH = fileURLToPath(new URL('../../../../shared/benchmarks/bfcl', import.meta.url));

/** True when the shared data is present; otherwise tells why the data tests are skipped. */
export function bfclDataAvailable(): boolean {
  const available = existsSync(BFCL_DATA_PATH);
  if (!available) console.warn(`BFCL data not found at ${BFCL_DATA_PATH}: skipping tests on the real data`);
  return available;
}
