import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildProgram as buildLabProgram } from '../../lab/main.ts';
import { buildProgram } from '../../src/cli/main.ts';
import { PRESETS } from '../../src/composition/presets.ts';
import { VariantSchema } from '../../src/interfaces/config.ts';
import { checkCommand, checkLabCommand, extractCommands, type KnownNames } from '../support/doc-commands.ts';
import { documentFiles } from '../support/doc-files.ts';

/**
 * Docs the code keeps true: every `genenv …` command line that the docs show (README.md, docs/, the lab notebook in
 * lab/notebook/ and the Markdown beside the code: `documentFiles`) is checked against the CLI's commander program
 * (subcommand, flags, named presets, variants and suites) without running it, and every `npm run lab -- <suite> …`
 * line against the lab's, so a flag that is renamed or retired fails the suite until the docs follow.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const documents = documentFiles(root);
const program = await buildProgram([], { out: () => {}, err: () => {} }, () => {}, true);
const labProgram = buildLabProgram({ out: () => {}, err: () => {} });
const known: KnownNames = { presets: Object.keys(PRESETS), variants: VariantSchema.options };
const commands = documents.flatMap((file) => extractCommands(file, readFileSync(join(root, file), 'utf8')));
const refusal = (text: string) =>
  text.startsWith('genenv-lab ') ? checkLabCommand(labProgram, text, known) : checkCommand(program, text, known);

describe('command lines in the docs', () => {
  it('finds the command lines of README.md, docs/ and the lab notebook', () => {
    expect(commands.filter((command) => command.file === 'README.md').length).toBeGreaterThan(10);
    expect(new Set(commands.map((command) => command.text.split(' ')[1])).size).toBeGreaterThanOrEqual(5);
    expect(commands.filter((command) => command.text.startsWith('genenv-lab ')).length).toBeGreaterThan(5);
  });

  it('are all accepted by the CLI', () => {
    const refused = commands.flatMap((command) =>
      refusal(command.text).map((problem) => `${command.file}:${command.line}: ${command.text}\n  ${problem}`),
    );
    expect(refused).toEqual([]);
  });
});

describe('the docs check', () => {
  const check = (markdown: string) => extractCommands('fake.md', markdown).map((command) => refusal(command.text));

  it('fails a doc line with a retired flag, an unknown preset, variant, suite or command', () => {
    expect(check('```bash\ngenenv compare --oversample 4 --variants random --seeds 5\n```')).toEqual([
      ['genenv compare has no flag --oversample'],
    ]);
    expect(check('Run `genenv run --preset nonesuch --variant gen`.')[0]).toEqual([
      'genenv run --preset: no preset "nonesuch" (known: ' + known.presets.join(', ') + ')',
      'genenv run --variant: no variant "gen"',
    ]);
    expect(check('`genenv compare --variants genenv,static-2x,randm`')[0]).toEqual([
      'genenv compare --variants: no variant "randm"',
    ]);
    expect(check('`genenv bench --suite parametric-steering`')[0]![0]).toMatch(
      /--suite: "parametric-steering" is not one of/,
    );
    expect(check('`genenv frobnicate`')[0]).toEqual(['unknown command "frobnicate"']);
    expect(check('`genenv data fetchall`')[0]).toEqual(['unknown subcommand "fetchall" of genenv data']);
  });

  it('fails a lab line with an unknown suite or flag, and accepts a real one', () => {
    expect(check('`npm run lab -- claim --runs runs/a,runs/b`')[0]).toEqual([]);
    expect(check('`npm run lab -- <suite>`')[0]).toEqual([]);
    expect(check('`npm run lab -- clam --runs runs/a`')[0]).toEqual(['no lab suite "clam"']);
    expect(check('```sh\nnpm run lab -- claim --seed 3\n```')[0]).toEqual(['lab claim has no flag --seed']);
  });

  it('accepts synopses, placeholders, prompts, npx, continuation lines and chained commands', () => {
    const markdown = [
      '`genenv run [--preset NAME] [--seed S] [--out DIR] [--resume DIR]`',
      '```sh',
      '$ npx genenv run --preset student \\',
      '    --epochs 4   # a comment --not-a-flag',
      'cd x && node bin/genenv.js report runs/x',
      'genenv serve: listening on http://127.0.0.1:8000',
      '```',
      'genenv trains agents (prose, not code).',
    ].join('\n');
    const found = extractCommands('fake.md', markdown);
    expect(found.map((command) => command.text)).toEqual([
      'genenv run [--preset NAME] [--seed S] [--out DIR] [--resume DIR]',
      'genenv run --preset student --epochs 4',
      'genenv report runs/x',
    ]);
    expect(found.map((command) => checkCommand(program, command.text, known))).toEqual([[], [], []]);
  });
});
