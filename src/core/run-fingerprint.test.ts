import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadNativeBackend } from '../models/backend-native.ts';
import { runFingerprint } from './run-fingerprint.ts';

// One command and seed must give one run on every machine: a short `genenv run` of the ladder preset (warm start,
// two epochs of proposals, rollouts, GRPO, RWR and held-out evaluation), once under each native kernel build this
// CPU runs, must store the same bits, and those bits must match the fingerprint committed in
// run-fingerprint.json, recorded on another machine. A change that is meant to change results (training, sampling,
// a preset) records the new fingerprint with GENENV_RECORD_FINGERPRINT=1 and says so in its commit.
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const recordPath = join(dirname(fileURLToPath(import.meta.url)), 'run-fingerprint.json');
/**
 * The short run: the ladder preset's model, curriculum and warm start, fewer of everything (about 15 CPU seconds a
 * build on an AVX2 core; the timeout is for shared machines).
 */
// Every epoch evaluated, so every epoch's held-out answers are compared.
const CONFIG = { epochs: 2, tasksPerEpoch: 4, heldOutLimit: 8, evaluateEvery: 1, warmStartVariations: 4 };
const native = loadNativeBackend();
const builds = native.ok ? native.describe().runnable : [];

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

// Every thread the run can use turned off: one training thread per model, sampling in process, one native thread.
const ONE_THREAD = {
  agent: { options: { trainThreads: 1, workers: 0 } },
  simulator: { options: { trainThreads: 1, workers: 0 } },
};

/** Runs `genenv run` in a child process under one kernel build; returns the run directory. */
function runUnder(isa: string, threads: 'preset' | 'one' = 'preset'): string {
  const folder = mkdtempSync(join(tmpdir(), `genenv-fingerprint-${isa}-`));
  folders.push(folder);
  const config = join(folder, 'config.json');
  writeFileSync(config, JSON.stringify(threads === 'one' ? { ...CONFIG, ...ONE_THREAD } : CONFIG));
  const out = join(folder, 'run');
  const child = spawnSync(
    process.execPath,
    ['bin/genenv.js', 'run', '--preset', 'ladder', '--config', config, '--out', out, '--quiet', '--no-report'],
    {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        GENENV_BACKEND: 'native',
        GENENV_NATIVE_ISA: isa,
        ...(threads === 'one' ? { GENENV_THREADS: '1' } : {}),
      },
    },
  );
  expect(child.status, child.stderr).toBe(0);
  const stored = JSON.parse(readFileSync(join(out, 'config.json'), 'utf8')) as { computeBackend: string };
  expect(stored.computeBackend).toContain(`(${isa},`);
  return out;
}

const title = native.ok
  ? `one run on every native build (${builds.join(', ')}; the AVX-512 build only where the CPU has it)`
  : `one run on every native build (skipped: ${native.reason})`;
describe.skipIf(!native.ok)(title, () => {
  it('stores the same bits under every build, and the committed fingerprint', { timeout: 600_000 }, () => {
    const fingerprints = builds.map((isa) => ({ isa, ...runFingerprint(runUnder(isa)) }));
    const [first, ...others] = fingerprints;
    for (const other of others) expect(other.parts, `${other.isa} against ${first!.isa}`).toEqual(first!.parts);
    // The split of work over threads changes the speed, never a bit.
    // (Each checkpoint's model.json records the thread settings it was asked for, so it is left out here.)
    const withoutSettings = (parts: Record<string, string>) =>
      Object.fromEntries(Object.entries(parts).filter(([name]) => !name.endsWith('/model.json')));
    const alone = runFingerprint(runUnder(builds[0]!, 'one'));
    expect(withoutSettings(alone.parts), `${builds[0]} on one thread against its threads`).toEqual(
      withoutSettings(first!.parts),
    );
    if (process.env.GENENV_RECORD_FINGERPRINT === '1') {
      const record = { config: CONFIG, preset: 'ladder', sha256: first!.sha256, parts: first!.parts };
      writeFileSync(recordPath, `${JSON.stringify(record, null, 2)}\n`);
    }
    const committed = JSON.parse(readFileSync(recordPath, 'utf8')) as { sha256: string; parts: object };
    expect(first!.parts, 'the committed fingerprint (src/core/run-fingerprint.json)').toEqual(committed.parts);
    expect(first!.sha256).toBe(committed.sha256);
  });
});
