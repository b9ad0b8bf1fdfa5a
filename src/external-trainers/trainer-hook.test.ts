import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GenEnvError } from '../interfaces/errors.ts';
import type { ExportedPaths } from './export-training-sets.ts';
import { runTrainerHook } from './trainer-hook.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function setup() {
  const root = mkdtempSync(join(tmpdir(), 'genenv-hook-'));
  folders.push(root);
  const outputDir = join(root, 'adapter');
  mkdirSync(outputDir);
  const exported: ExportedPaths = {
    format: 'trl',
    train: join(root, 'train.jsonl'),
    manifest: join(root, 'manifest.json'),
    trainRows: 1,
    envRows: 0,
    sftRows: 0,
  };
  return { root, outputDir, exported };
}

describe('runTrainerHook', () => {
  it('passes the exported paths in the environment and returns the adapter path it prints', async () => {
    const { root, outputDir, exported } = setup();
    const command = [
      'echo "training on $GENENV_TRAIN_FILE" >&2',
      'printf "%s|%s|%s|%s|%s" "$GENENV_ROLE" "$GENENV_EPOCH" "$GENENV_FORMAT" "$GENENV_TRAIN_FILE" ' +
        '"$GENENV_PREVIOUS_ADAPTER" > "$GENENV_OUTPUT_DIR/seen"',
      'echo "{}" > "$GENENV_OUTPUT_DIR/adapter_config.json"',
      'echo "step 1 loss 0.3"',
      'echo "$GENENV_OUTPUT_DIR"',
    ].join(' && ');
    const path = await runTrainerHook({
      command,
      role: 'agent',
      epoch: 3,
      exported,
      outputDir,
      previousAdapter: '/old',
      cwd: root,
    });
    expect(path).toBe(outputDir);
    expect(readFileSync(join(outputDir, 'seen'), 'utf8')).toBe(`agent|3|trl|${exported.train}|/old`);
  });

  it('a relative printed path resolves against the working directory', async () => {
    const { root, outputDir, exported } = setup();
    const path = await runTrainerHook({
      command: 'echo "{}" > adapter/adapter_config.json; echo adapter',
      role: 'agent',
      epoch: 1,
      exported,
      outputDir,
      cwd: root,
    });
    expect(path).toBe(outputDir);
  });

  it.each([
    [
      'echo "CUDA out of memory" >&2; exit 3',
      /^trainer hook \(agent, epoch 1\) exited with code 3: CUDA out of memory$/,
    ],
    ['echo /nonexistent/adapter', /printed "\/nonexistent\/adapter", which does not exist$/],
    ['echo "$GENENV_OUTPUT_DIR"', /a folder without adapter_config.json/],
    ['true', /printed no adapter path$/],
  ])('failure %s → one-line GenEnvError', async (command, pattern) => {
    const { root, outputDir, exported } = setup();
    const error = await runTrainerHook({ command, role: 'agent', epoch: 1, exported, outputDir, cwd: root }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(GenEnvError);
    expect((error as GenEnvError).message).toMatch(pattern);
    expect((error as GenEnvError).message).not.toContain('\n');
  });

  it('stops a hook that runs past its limit', async () => {
    const { root, outputDir, exported } = setup();
    const error = await runTrainerHook({
      command: 'sleep 5',
      role: 'simulator',
      epoch: 2,
      exported,
      outputDir,
      cwd: root,
      timeoutSeconds: 0.2,
    }).catch((caught: unknown) => caught);
    expect((error as GenEnvError).message).toBe(
      'trainer hook (simulator, epoch 2) was stopped by SIGTERM (limit 0.2 s)',
    );
  });
});
