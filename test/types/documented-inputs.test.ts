import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DOCUMENTED_INPUTS_FILE, documentedInputsSource } from './documented-inputs.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe(DOCUMENTED_INPUTS_FILE, () => {
  it('is what the schemas write: their descriptions, ranges and defaults (GENENV_WRITE_INPUTS=1 rewrites it)', () => {
    const path = join(root, DOCUMENTED_INPUTS_FILE);
    const source = documentedInputsSource();
    if (process.env.GENENV_WRITE_INPUTS === '1') writeFileSync(path, source);
    expect(readFileSync(path, 'utf8')).toBe(source);
  });
});
