import { readFileSync } from 'node:fs';
import { type Domain, type SimulatorPolicy, GenEnvError, type RunConfig } from '../interfaces/index.ts';
import { createTeacher } from '../composition/registry.ts';

/** Reads a JSONL file of task specs (one JSON value per line, or `{"spec": ...}`) for the offline variant. */
export function readOfflineSpecs(path: string): unknown[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new GenEnvError('config', `cannot read offline task file ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const specs: unknown[] = [];
  text.split('\n').forEach((line, index) => {
    if (!line.trim()) return;
    try {
      const value = JSON.parse(line) as unknown;
      specs.push(value && typeof value === 'object' && 'spec' in value ? (value as { spec: unknown }).spec : value);
    } catch {
      throw new GenEnvError('config', `offline task file ${path}, line ${index + 1}: not valid JSON`);
    }
  });
  if (specs.length === 0) throw new GenEnvError('config', `offline task file ${path} holds no task specs`);
  return specs;
}

/** The offline variant's task source: a teacher policy (with `offline.options`) or a JSONL file of specs. */
export async function createOfflineSource(
  config: RunConfig,
  domain: Domain,
): Promise<{ teacher?: SimulatorPolicy; offlineSpecs?: unknown[] }> {
  if (!config.offline)
    throw new GenEnvError(
      'config',
      'the offline variant needs offline.source: a teacher policy spec or a JSONL file of task specs',
    );
  const { source, options } = config.offline;
  if (/\.jsonl?$/i.test(source)) return { offlineSpecs: readOfflineSpecs(source) };
  return { teacher: await createTeacher({ spec: source, domain, options: options ?? {}, seed: config.seed }) };
}
