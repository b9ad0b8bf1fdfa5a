import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { describeZodError } from '../interfaces/zod-error.ts';
import { writeFileAtomic } from '../util/files.ts';
import { ModelConfigSchema, type ModelConfig } from './model-config.ts';
import { TokenizerStateSchema, type TokenizerState } from './tokenizer.ts';

/** Everything needed to resume a model exactly: named float tensors are stored raw (little-endian f32). */
export interface ModelCheckpoint {
  config: ModelConfig;
  tokenizer: TokenizerState;
  /** Free-form JSON of the owner (policy options, version counter, optimiser step, ...). */
  metadata: Record<string, unknown>;
  /** Flat arrays by name, e.g. weights, adam-first, adam-second, reference. */
  arrays: Record<string, Float32Array>;
}

const ManifestSchema = z.object({
  format: z.literal('genenv-builtin-model/1'),
  config: ModelConfigSchema,
  tokenizer: TokenizerStateSchema,
  metadata: z.record(z.string(), z.unknown()),
  arrays: z.record(z.string(), z.object({ file: z.string(), length: z.number().int().min(0) })),
});

const manifestName = 'model.json';

/** Writes a checkpoint into `directory` (each file atomically; the manifest last). */
export function writeCheckpoint(directory: string, checkpoint: ModelCheckpoint): void {
  const arrays: Record<string, { file: string; length: number }> = {};
  for (const [name, values] of Object.entries(checkpoint.arrays)) {
    const file = `${name}.f32`;
    // Copied first: the weights may live in a SharedArrayBuffer (training thread).
    writeFileAtomic(join(directory, file), new Uint8Array(new Float32Array(values).buffer));
    arrays[name] = { file, length: values.length };
  }
  const manifest = {
    format: 'genenv-builtin-model/1',
    config: checkpoint.config,
    tokenizer: checkpoint.tokenizer,
    metadata: checkpoint.metadata,
    arrays,
  };
  writeFileAtomic(join(directory, manifestName), JSON.stringify(manifest, null, 1));
}

/** Reads a checkpoint; throws a RangeError with one readable line when it is missing or malformed. */
export function readCheckpoint(directory: string): ModelCheckpoint {
  const manifestPath = join(directory, manifestName);
  if (!existsSync(manifestPath)) throw new RangeError(`no ${manifestName} in ${directory}`);
  let parsed: ReturnType<typeof ManifestSchema.safeParse>;
  try {
    parsed = ManifestSchema.safeParse(JSON.parse(readFileSync(manifestPath, 'utf8')));
  } catch {
    throw new RangeError(`${manifestPath} is not valid JSON`);
  }
  if (!parsed.success)
    throw new RangeError(`${manifestPath} is not a built-in model manifest: ${describeZodError(parsed.error)}`);
  const arrays: Record<string, Float32Array> = {};
  for (const [name, entry] of Object.entries(parsed.data.arrays)) {
    const path = join(directory, entry.file);
    if (!existsSync(path)) throw new RangeError(`missing ${entry.file} in ${directory}`);
    const bytes = readFileSync(path);
    if (bytes.byteLength !== entry.length * 4)
      throw new RangeError(`${entry.file} has ${bytes.byteLength} bytes, expected ${entry.length * 4}`);
    const values = new Float32Array(entry.length);
    new Uint8Array(values.buffer).set(bytes);
    arrays[name] = values;
  }
  return { config: parsed.data.config, tokenizer: parsed.data.tokenizer, metadata: parsed.data.metadata, arrays };
}
