/**
 * What a run folder is, recorded in run.sqlite's `meta` table when it starts: its kind (a run or a served curriculum),
 * its resolved config and that config's SHA-256, and whether it was prepared to be started by a resume. A resume reads
 * them from there, so an edited config.json, a folder of the other kind and a database that lost its contents are
 * told apart from the run that was started.
 */
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { RunConfig, RunFolderKind } from '../interfaces/index.ts';

/** The meta rows of a run's identity. */
export interface RunIdentity {
  kind: RunFolderKind;
  /** The resolved config as recorded (JSON), and its SHA-256 (hex). */
  config: string;
  configSha256: string;
  /** Made by a comparison to be started by a resume: it may be resumed before it has any committed epoch. */
  prepared: boolean;
}

/** Fields of a config that are written by the run about itself, never read: an edit of them changes nothing. */
const RECORD_ONLY_FIELDS = ['computeBackend'] as const;

/** The config as recorded: without its record-only fields, as JSON. */
export function recordedConfigText(config: RunConfig): string {
  const copy: Record<string, unknown> = { ...config };
  for (const field of RECORD_ONLY_FIELDS) delete copy[field];
  return JSON.stringify(copy);
}

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** Writes (or replaces) the identity rows. */
export function writeIdentity(database: Database.Database, identity: Omit<RunIdentity, 'configSha256'>): void {
  const write = database.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
  write.run('kind', identity.kind);
  write.run('config', identity.config);
  write.run('configSha256', sha256Hex(identity.config));
  write.run('prepared', identity.prepared ? '1' : '0');
}

/** The identity rows of a run database; fields a run stored before they were recorded are null. */
export function readIdentity(database: Database.Database): {
  [Key in keyof RunIdentity]: RunIdentity[Key] | null;
} {
  const rows = database.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[];
  const meta = new Map(rows.map((row) => [row.key, row.value]));
  const kind = meta.get('kind');
  return {
    kind: kind === 'run' || kind === 'service' ? kind : null,
    config: meta.get('config') ?? null,
    configSha256: meta.get('configSha256') ?? null,
    prepared: meta.has('prepared') ? meta.get('prepared') === '1' : null,
  };
}

/**
 * Where two JSON values first differ, as `path: left vs right` (`seed: 1 vs 2`, `agent.options.learningRate: 0.001 vs
 * absent`), or null when they are equal. Object keys are compared whatever their order.
 */
export function firstDifference(left: unknown, right: unknown, path = ''): string | null {
  const shown = (value: unknown) => (value === undefined ? 'absent' : JSON.stringify(value));
  const here = path || '(the whole config)';
  const isObject = (value: unknown): value is Record<string, unknown> =>
    value !== null && typeof value === 'object' && !Array.isArray(value);
  if (isObject(left) && isObject(right)) {
    const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])];
    for (const key of keys) {
      const found = firstDifference(left[key], right[key], path ? `${path}.${key}` : key);
      if (found !== null) return found;
    }
    return null;
  }
  if (Array.isArray(left) && Array.isArray(right)) {
    if (left.length !== right.length) return `${here}: ${shown(left)} vs ${shown(right)}`;
    for (const [index, item] of left.entries()) {
      const found = firstDifference(item, right[index], `${path}[${index}]`);
      if (found !== null) return found;
    }
    return null;
  }
  return Object.is(left, right) ? null : `${here}: ${shown(left)} vs ${shown(right)}`;
}
