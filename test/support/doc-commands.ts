import type { Command, Option } from 'commander';

/**
 * A `genenv …` command line found in a document, with where it was found (for the failure message). A lab line
 * (`npm run lab -- <suite> …`) is kept as `genenv-lab <suite> …`.
 */
export interface DocCommand {
  file: string;
  line: number;
  text: string;
}

/** What a value of a flag may be, beyond what commander itself declares (`choices`). */
export interface KnownNames {
  presets: readonly string[];
  variants: readonly string[];
}

// How a command line starts in the docs: `genenv`, `npx genenv`, `node bin/genenv.js`, after an optional prompt.
const START = /^(?:\$\s+)?(?:npx\s+|node\s+bin\/)?genenv(?:\.js)?\s+(.*)$/;
// How a lab command line starts: `npm run lab --`, after an optional prompt.
const LAB_START = /^(?:\$\s+)?npm\s+run\s+lab\s+--\s+(.*)$/;

/**
 * Every `genenv …` command line of a Markdown text: lines of fenced code blocks (joined across trailing
 * backslashes, comments after `#` dropped) and inline code spans that start with `genenv`, `npx genenv` or
 * `node bin/genenv.js`. A block line such as `genenv serve: listening …` is the CLI's output, not a command, and
 * is left out (its second word ends with a colon). Pure.
 */
export function extractCommands(file: string, markdown: string): DocCommand[] {
  const found: DocCommand[] = [];
  const lines = markdown.split('\n');
  let fence: string | null = null;
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index]!;
    const marker = /^\s*(```+|~~~+)/.exec(raw);
    if (marker) {
      if (fence === null) fence = marker[1]!;
      else if (raw.trim().startsWith(fence)) fence = null;
      continue;
    }
    if (fence !== null) {
      let text = raw.trim();
      const start = index;
      while (text.endsWith('\\') && index + 1 < lines.length) text = `${text.slice(0, -1)} ${lines[++index]!.trim()}`;
      // Shell lines may chain commands; each part that is a genenv command counts.
      for (const part of withoutComment(text).split(/\s*(?:&&|;|\|\|)\s*/)) add(found, file, start + 1, part);
      continue;
    }
    for (const span of raw.matchAll(/`([^`]+)`/g)) add(found, file, index + 1, span[1]!);
  }
  return found;
}

function add(found: DocCommand[], file: string, line: number, text: string): void {
  const trimmed = text.trim().replace(/\s*&$/, '');
  const lab = LAB_START.exec(trimmed);
  if (lab) {
    found.push({ file, line, text: `genenv-lab ${lab[1]!.trim().replace(/\s+/g, ' ')}` });
    return;
  }
  const match = START.exec(trimmed);
  if (!match) return;
  const first = match[1]!.split(/\s+/)[0]!;
  if (first.endsWith(':')) return;
  found.push({ file, line, text: `genenv ${match[1]!.trim().replace(/\s+/g, ' ')}` });
}

/** The line less a shell comment (`#` after whitespace, outside quotes). */
function withoutComment(text: string): string {
  let quote: string | null = null;
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    if (quote) {
      if (character === quote) quote = null;
    } else if (character === "'" || character === '"') quote = character;
    else if (character === '#' && (index === 0 || /\s/.test(text[index - 1]!))) return text.slice(0, index).trim();
  }
  return text;
}

/** Shell words of a command line: split on whitespace, quotes removed (no expansion). */
export function shellWords(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) words.push(match[1] ?? match[2] ?? match[3]!);
  return words;
}

/** A placeholder in a synopsis (`DIR`, `<dir>`, `S`, `…`): any value is fine. */
const isPlaceholder = (value: string) => /^(?:[A-Z][A-Z_]*|<[^>]*>|…|\.\.\.)$/.test(value) || value.includes('…');

function findOption(command: Command, flag: string): Option | undefined {
  // A hidden option (a retired flag kept only to explain its removal) is not one the docs may show.
  return command.options.find((option) => !option.hidden && (option.long === flag || option.short === flag));
}

/**
 * What the CLI would refuse in one documented command line, checked against the commander program without
 * running anything: the subcommand path (`data fetch`), every flag of that subcommand, and the value of every
 * flag that names something (`--preset`, `--variant`, `--variants`, a flag with declared choices such as
 * `--suite`). Synopsis notation is read as such: `[`, `]` and `|` around words are dropped and placeholders
 * (`DIR`, `<dir>`, `…`) stand for any value. Returns the problems, empty when the line is accepted. Pure.
 */
export function checkCommand(program: Command, text: string, known: KnownNames): string[] {
  const words = synopsisWords(text);
  let command = program;
  let position = 0;
  // The subcommand path: as deep as the words name subcommands.
  while (position < words.length && command.commands.length > 0) {
    const word = words[position]!;
    if (word.startsWith('-')) break;
    const next = command.commands.find((candidate) => candidate.name() === word || candidate.aliases().includes(word));
    if (!next) {
      return command === program
        ? [`unknown command "${word}"`]
        : [`unknown subcommand "${word}" of genenv ${command.name()}`];
    }
    command = next;
    position++;
  }
  if (command === program && !words.some((word) => word === '--help' || word === '-h' || word === '--version'))
    return ['no subcommand'];
  const where = command === program ? 'genenv' : `genenv ${commandPath(command)}`;
  return checkFlags(command, words.slice(position), where, known);
}

/**
 * What the lab would refuse in one documented `genenv-lab <suite> …` line (from `npm run lab -- <suite> …`): the
 * suite, which must be one the lab's program lists, and every flag with its value, as for `checkCommand`. Pure.
 */
export function checkLabCommand(program: Command, text: string, known: KnownNames): string[] {
  const words = synopsisWords(text);
  const suites = program.registeredArguments[0]?.argChoices ?? [];
  const suite = words[0];
  if (suite === undefined || suite.startsWith('-')) return ['no suite'];
  if (!isPlaceholder(suite) && !suites.includes(suite)) return [`no lab suite "${suite}"`];
  return checkFlags(program, words.slice(1), `lab ${suite}`, known);
}

/** The flags (and their values) among `words`, checked against `command`'s options. */
function checkFlags(command: Command, words: string[], where: string, known: KnownNames): string[] {
  const problems: string[] = [];
  for (let position = 0; position < words.length; position++) {
    const word = words[position]!;
    if (!word.startsWith('-') || word === '-') continue;
    if (word === '--help' || word === '-h') continue;
    const [flag, inline] = word.includes('=')
      ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]
      : [word, undefined];
    const option = findOption(command, flag!);
    if (!option) {
      problems.push(`${where} has no flag ${flag}`);
      continue;
    }
    if (!option.required && !option.optional) continue;
    // Prose names a mode by its flag alone (`genenv train --serve`): a missing value is no drift.
    const value = inline ?? words[++position];
    if (value === undefined || isPlaceholder(value)) continue;
    // A synopsis lists the choices: `--suite speed|serve`.
    for (const choice of value.split('|'))
      problems.push(...checkValue(option, choice, known).map((problem) => `${where} ${flag}: ${problem}`));
  }
  return problems;
}

/** The words after the program's name, synopsis brackets and bars dropped. */
function synopsisWords(text: string): string[] {
  return shellWords(text)
    .slice(1)
    .flatMap((word) => word.replace(/^\[+|\]+$/g, '').split(/\s+/))
    .filter((word) => word !== '' && word !== '|');
}

function commandPath(command: Command): string {
  const names: string[] = [];
  for (let current: Command | null = command; current?.parent; current = current.parent) names.unshift(current.name());
  return names.join(' ');
}

/** Whether a flag's value names something the CLI knows. */
function checkValue(option: Option, value: string, known: KnownNames): string[] {
  if (option.argChoices && !option.argChoices.includes(value))
    return [`"${value}" is not one of ${option.argChoices.join(', ')}`];
  const isVariant = (name: string) => known.variants.includes(name) || /^static-\d+(?:\.\d+)?x$/.test(name);
  switch (option.long) {
    case '--preset':
      return known.presets.includes(value) ? [] : [`no preset "${value}" (known: ${known.presets.join(', ')})`];
    case '--variant':
      return isVariant(value) ? [] : [`no variant "${value}"`];
    case '--variants':
      return value
        .split(',')
        .filter((name) => !isPlaceholder(name) && !isVariant(name))
        .map((name) => `no variant "${name}"`);
    default:
      return [];
  }
}
