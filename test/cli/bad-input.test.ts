import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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

/**
 * One readable line on stderr, never a stack trace, and the documented exit code: 2 for a bad command line or bad
 * input (flags and config files alike), 1 for a failure of the command itself.
 */
async function expectOneLineError(args: string[], pattern: RegExp, code: 1 | 2 = 2): Promise<void> {
  const result = await runCli(args);
  expect(result.code, result.stderr).toBe(code);
  const lines = result.stderr.trim().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(result.stderr).not.toMatch(/\n\s+at |Error: .*\n.*node:internal/);
}

describe.concurrent('bad input reaches the user as one line', () => {
  it('unknown flag', () => expectOneLineError(['run', '--bogus'], /unknown option '--bogus'/));
  it('unknown command', () => expectOneLineError(['fly'], /unknown command 'fly'/));
  it('non-numeric flag value', () =>
    expectOneLineError(['run', '--epochs', 'many'], /--epochs expects an integer, got "many"/));
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
  it('unknown key inside agent in a config file, with the key meant', () =>
    expectOneLineError(
      ['run', '--config', file('agent-option.json', '{"epochs":3,"agent":{"option":{"learningRate":0.9}}}')],
      /^genenv: invalid config \(.*agent-option\.json\): agent\.option: unknown key; did you mean agent\.options\?$/,
    ));
  it('unknown key inside simulator in a config file', () =>
    expectOneLineError(
      ['run', '--config', file('simulator-bogus.json', '{"simulator":{"policy":"parametric","bogus":1}}')],
      /^genenv: invalid config \(.*simulator-bogus\.json\): simulator\.bogus: unknown key$/,
    ));
  it('unknown key inside agent.options and domain.options, with the option meant', async () => {
    const config = (name: string, part: object) => file(name, JSON.stringify({ preset: 'student', ...part }));
    const out = join(folder, 'refused-options');
    await expectOneLineError(
      ['run', '--config', config('agent-options.json', { agent: { options: { learningRte: 0.1 } } }), '--out', out],
      /^genenv: agent\.options\.learningRte: unknown key; did you mean learningRate\?$/,
    );
    await expectOneLineError(
      ['run', '--config', config('domain-options.json', { domain: { options: { seedCont: 3 } } }), '--out', out],
      /^genenv: domain\.options\.seedCont: unknown key; did you mean seedCount\?$/,
    );
    expect(existsSync(out)).toBe(false);
  });
  it('unknown preset', () => expectOneLineError(['run', '--preset', 'nope'], /unknown preset "nope"/));
  it('unknown variant', () => expectOneLineError(['run', '--variant', 'greedy'], /variant/));
  it('empty --resume directory', () => {
    const empty = join(folder, 'empty');
    mkdirSync(empty);
    return expectOneLineError(
      ['run', '--resume', empty],
      /cannot resume .*empty: it holds no run \(config\.json and run\.sqlite are missing\); genenv run --out .* starts a new run there$/,
    );
  });
  it('missing --resume directory', () =>
    expectOneLineError(['run', '--resume', join(folder, 'nothing')], /cannot resume .*nothing: no such folder/));
  it('unknown benchmark', () =>
    expectOneLineError(['eval', '--benchmark', 'mmlu', '--policy', 'oracle'], /unknown benchmark "mmlu"/));
  it('unknown bench suite', () => expectOneLineError(['bench', '--suite', 'fastest'], /fastest.*(speed|choices)/));
  it('unknown policy spec', () =>
    expectOneLineError(
      ['eval', '--benchmark', 'alfworld', '--policy', 'gpt9', '--data', folder],
      /unknown policy "gpt9"/,
    ));
  it('report of a folder without a run', () => expectOneLineError(['report', folder], /neither summary\.json/));
  it('a removed option as a flag, explained as in a config file', () =>
    expectOneLineError(
      ['run', '--oversample', '4'],
      /^genenv: --oversample is no longer an option \(removed: it measured no gain; its results are in the project's lab notebook, lab\/notebook\/ in the repository\)$/,
    ));
  it('a removed option as a flag of compare, given without a value', () =>
    expectOneLineError(['compare', '--family-temperature'], /--family-temperature is no longer an option/));
  it('eval --limit 0', () =>
    expectOneLineError(
      ['eval', '--benchmark', 'bfcl', '--policy', 'oracle', '--limit', '0'],
      /^genenv: --limit expects a positive integer, got "0"$/,
    ));
  it('eval --limit -3', () =>
    expectOneLineError(
      ['eval', '--benchmark', 'bfcl', '--policy', 'oracle', '--limit=-3'],
      /--limit expects a positive/,
    ));
  it('compare --seeds with a backward range', () =>
    expectOneLineError(['compare', '--seeds', '9-3'], /^genenv: --seeds 9-3: the range 9-3 runs backwards$/));
  it('compare --seeds 0', () =>
    expectOneLineError(['compare', '--seeds', '0'], /--seeds 0: a count of seeds is from 1/));
  it('run --world-seed that is not a seed', () =>
    expectOneLineError(['run', '--world-seed', 'x'], /^genenv: --world-seed expects an integer from 0 to 2147483647/));
});

describe('help', () => {
  it('describes flags from the config schema', async () => {
    const result = await runCli(['run', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/--k-min <x>\s+k_min: task types with \|p̂-α\| ≤ k_min/);
    expect(result.stdout).toMatch(/--alpha <x>\s+α: target success rate/);
  });
});

describe('version and the exit codes in help', () => {
  it('--version prints the package version', async () => {
    const result = await runCli(['--version']);
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${version}\n`);
  });

  it('--help ends with the exit codes', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Exit codes:\n {2}0 {4}success\n {2}1 {4}runtime failure.*\n {2}2 {4}usage error/);
    expect(result.stdout).toMatch(/130 .*SIGINT.*143 by SIGTERM/);
  });
});
