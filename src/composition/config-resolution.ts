import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { describeZodError, GenEnvError, RunConfigSchema, type RunConfig } from '../interfaces/index.ts';
import { mergeConfigLayers } from './config-layers.ts';
import { DEFAULT_PRESET, isPresetName, PRESETS } from './presets.ts';

/** Reads a JSON config file (a partial run config) with one-line errors. */
export function readConfigFile(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new GenEnvError(
      'config',
      `cannot read config file ${path}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
      { cause: error },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new GenEnvError('config', `config file ${path} is not valid JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new GenEnvError('config', `config file ${path} must hold a JSON object`);
  return value as Record<string, unknown>;
}

/**
 * Resolves preset ← config file ← flags into a validated run config; parts and their options merge key by key
 * (config-layers.ts). `worldSeed` (`--world-seed`) and `width` (`--width`) set the domain's world seed and width over
 * every layer.
 */
export function resolveRunConfig(input: {
  preset?: string;
  configFile?: string;
  /** A partial run config over the preset and the file (a library caller's `CoevolutionConfig`, or the flags'). */
  overrides: object;
  worldSeed?: number;
  width?: number;
}): RunConfig {
  const fileLayer = input.configFile ? readConfigFile(input.configFile) : {};
  // A preset that is not a name is refused, not read as the default one (a file's `"preset": null` or `5`).
  if (fileLayer.preset !== undefined && typeof fileLayer.preset !== 'string')
    throw new GenEnvError(
      'config',
      `invalid config${input.configFile ? ` (${input.configFile})` : ''}: preset: expected a preset name, got ${JSON.stringify(fileLayer.preset)}`,
    );
  const presetName = input.preset ?? (typeof fileLayer.preset === 'string' ? fileLayer.preset : DEFAULT_PRESET);
  const preset = isPresetName(presetName) ? PRESETS[presetName] : undefined;
  if (!preset)
    throw new GenEnvError('config', `unknown preset "${presetName}" (known: ${Object.keys(PRESETS).join(', ')})`);
  const merged = mergeConfigLayers(
    { seed: 1, ...preset },
    fileLayer,
    { preset: presetName },
    input.overrides as Record<string, unknown>,
  );
  const domainFlags = {
    ...(input.worldSeed !== undefined ? { worldSeed: input.worldSeed } : {}),
    ...(input.width !== undefined ? { width: input.width } : {}),
  };
  if (Object.keys(domainFlags).length) {
    const domain = merged.domain as { name?: unknown; options?: Record<string, unknown> } | undefined;
    merged.domain = { ...domain, options: { ...domain?.options, ...domainFlags } };
  }
  const parsed = RunConfigSchema.safeParse(merged);
  if (!parsed.success) {
    throw new GenEnvError(
      'config',
      `invalid config${input.configFile ? ` (${input.configFile})` : ''}: ${describeZodError(parsed.error)}`,
    );
  }
  return parsed.data;
}

/** The description of a config field, looking through defaults and optionals. */
export function fieldDescription(field: z.ZodType): string {
  let current: unknown = field;
  for (let depth = 0; depth < 5 && current; depth++) {
    const description = (current as { description?: string }).description;
    if (description) return description;
    current =
      (current as { unwrap?: () => unknown }).unwrap?.() ??
      (current as { def?: { innerType?: unknown } }).def?.innerType;
  }
  return '';
}

/** Description of a top-level run-config field, for --help. */
export function configHelp(key: keyof typeof RunConfigSchema.shape): string {
  return fieldDescription(RunConfigSchema.shape[key] as z.ZodType);
}
