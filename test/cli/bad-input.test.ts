import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.ts';

const folder = mkdtempSync(join(tmpdir(), 'genenv-cli-'));
const file = (name: string, text: string) => {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
};

/** One readable line on stderr, a non-zero exit, never a stack trace. */
async function expectOneLineError(args: string[], pattern: RegExp): Promise<void> {
  const result = await runCli(args);
  expect(result.code, result.stderr).not.toBe(0);
  const lines = result.stderr.trim().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(result.stderr).not.toMatch(/\n\s+at |Error: .*\n.*node:internal/);
}

describe.concurrent('bad input reaches the user as one line', () => {
  it('unknown flag', () => expectOneLineError(['run', '--bogus'], /unknown option '--bogus'/));
  it('unknown command', () => expectOneLineError(['fly'], /unknown command 'fly'/));
  it('non-numeric flag value', () =>
    expectOneLineError(['run', '--epochs', 'many'], /--epochs expects a number, got "many"/));
  it('fractional integer flag', () => expectOneLineError(['run', '--seed', '1.5'], /--seed expects an integer/));
  it('missing config file', () =>
    expectOneLineError(
      ['run', '--config', join(folder, 'absent.json')],
      /cannot read config file .*absent\.json: no such file/,
    ));
  it('unparsable config file', () =>
    expectOneLineError(['run', '--config', file('broken.json', '{"alpha": ')], /is not valid JSON/));
  it('wrong type in config file', () =>
    expectOneLineError(['run', '--config', file('type.json', '{"epochs": "ten"}')], /invalid config .*epochs: /));
  it('out-of-range α', () => expectOneLineError(['run', '--alpha', '7'], /alpha: .*1/));
  it('a removed option in a config file', () =>
    expectOneLineError(
      ['run', '--config', file('removed.json', '{"oversample": 4}')],
      /invalid config .*: oversample is no longer an option/,
    ));
  it('out-of-range α in a config file', () =>
    expectOneLineError(['run', '--config', file('alpha.json', '{"alpha": 7}')], /alpha/));
  it('unknown config field', () =>
    expectOneLineError(['run', '--config', file('extra.json', '{"alpah": 0.5}')], /alpah/));
  it('unknown preset', () => expectOneLineError(['run', '--preset', 'nope'], /unknown preset "nope"/));
  it('unknown variant', () => expectOneLineError(['run', '--variant', 'greedy'], /variant/));
  it('empty --resume directory', () => {
    const empty = join(folder, 'empty');
    mkdirSync(empty);
    return expectOneLineError(['run', '--resume', empty], /cannot resume: .*holds no run/);
  });
  it('missing --resume directory', () =>
    expectOneLineError(['run', '--resume', join(folder, 'nothing')], /cannot resume: .* is not a directory/));
  it('unknown benchmark', () =>
    expectOneLineError(['eval', '--benchmark', 'mmlu', '--policy', 'oracle'], /unknown benchmark "mmlu"/));
  it('unknown bench suite', () => expectOneLineError(['bench', '--suite', 'fastest'], /fastest.*(speed|choices)/));
  it('unknown policy spec', () =>
    expectOneLineError(
      ['eval', '--benchmark', 'alfworld', '--policy', 'gpt9', '--data', folder],
      /unknown policy "gpt9"/,
    ));
  it('report of a folder without a run', () => expectOneLineError(['report', folder], /neither summary\.json/));
});

describe('help', () => {
  it('describes flags from the config schema', async () => {
    const result = await runCli(['run', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/--k-min <x>\s+k_min: task types with \|p̂-α\| ≤ k_min/);
    expect(result.stdout).toMatch(/--alpha <x>\s+α: target success rate/);
  });
});
