/** Where the tests find the real API-Bank data (never copied into the repository). */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const apiBankDataPath = fileURLToPath(new URL('../../../../shared/benchmarks/api-bank', import.meta.url));
export const apiBankDataPresent = existsSync(apiBankDataPath);
if (!apiBankDataPresent) console.warn(`API-Bank tests on real data skipped: ${apiBankDataPath} is absent`);
