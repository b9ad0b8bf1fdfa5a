/**
 * Reads a Python module made only of constant assignments (`NAME = <literal>`), as `ast.literal_eval` reads each
 * value: str (quotes, triple quotes, escapes, r-prefix, implicit concatenation), int, float, True/False/None,
 * `...`, lists, tuples, dicts and signed numbers. Used to turn upstream constant modules into data files.
 */
import { GenEnvError } from '../interfaces/errors.ts';
import { PYTHON_STRING_ESCAPES } from '../util/python-escapes.ts';

/** Python's `...`. */
export const ELLIPSIS: unique symbol = Symbol('Ellipsis');

/**
 * A Python literal: int as bigint, float as number, str as string, None as null, list and tuple as arrays,
 * dict as a Map in insertion order (a repeated key keeps its first place and its last value, as in Python).
 */
export type PythonLiteral =
  | null
  | boolean
  | bigint
  | number
  | string
  | typeof ELLIPSIS
  | PythonLiteral[]
  | Map<PythonLiteral, PythonLiteral>;

type Token =
  | { kind: 'string'; value: string; line: number }
  | { kind: 'int'; value: bigint; line: number }
  | { kind: 'float'; value: number; line: number }
  | { kind: 'name' | 'symbol'; text: string; line: number }
  | { kind: 'end-of-statement'; line: number };

const NAMED_CONSTANTS: Readonly<Record<string, PythonLiteral>> = {
  True: true,
  False: false,
  None: null,
  Ellipsis: ELLIPSIS,
};
const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const NUMBER =
  /^(?:0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d[\d_]*)?)/;

function failure(source: string, line: number, message: string): GenEnvError {
  return new GenEnvError('benchmark', `${source} line ${line}: ${message}`);
}

/** The value of a string literal's body (after its opening quotes), and the index after its closing quotes. */
function readString(
  text: string,
  start: number,
  quote: string,
  raw: boolean,
  fail: (message: string) => GenEnvError,
): { value: string; end: number } {
  let value = '';
  let position = start;
  while (!text.startsWith(quote, position)) {
    const character = text[position];
    if (character === undefined) throw fail('unterminated string');
    if (character === '\n' && quote.length === 1) throw fail('newline in a one-line string');
    if (character !== '\\') {
      value += character;
      position++;
      continue;
    }
    const escaped = text[position + 1] ?? '';
    if (raw) {
      value += character + escaped;
      position += 2;
      continue;
    }
    const octal = /^[0-7]{1,3}/.exec(text.slice(position + 1, position + 4));
    const width = { x: 2, u: 4, U: 8 }[escaped];
    if (octal) {
      value += String.fromCodePoint(parseInt(octal[0], 8));
      position += 1 + octal[0].length;
    } else if (width !== undefined) {
      const hex = text.slice(position + 2, position + 2 + width);
      if (!new RegExp(`^[0-9a-fA-F]{${width}}$`).test(hex)) throw fail(`bad \\${escaped} escape`);
      value += String.fromCodePoint(parseInt(hex, 16));
      position += 2 + width;
    } else if (escaped === 'N') {
      throw fail('\\N{...} escapes are not read');
    } else {
      // Python keeps an unknown escape as written.
      value += Object.hasOwn(PYTHON_STRING_ESCAPES, escaped) ? PYTHON_STRING_ESCAPES[escaped] : `\\${escaped}`;
      position += 2;
    }
  }
  return { value, end: position + quote.length };
}

function tokenize(text: string, source: string): Token[] {
  const tokens: Token[] = [];
  const closers: string[] = [];
  let line = 1;
  let position = 0;
  const fail = (message: string) => failure(source, line, message);
  const endStatement = () => {
    if (closers.length === 0 && tokens.length > 0 && tokens.at(-1)!.kind !== 'end-of-statement')
      tokens.push({ kind: 'end-of-statement', line });
  };
  while (position < text.length) {
    const character = text[position]!;
    const rest = text.slice(position, position + 200);
    if (character === '\n') {
      endStatement();
      line++;
      position++;
    } else if (character === ' ' || character === '\t' || character === '\r' || character === '\f') {
      position++;
    } else if (character === '#') {
      while (position < text.length && text[position] !== '\n') position++;
    } else if (character === '\\' && text[position + 1] === '\n') {
      line++;
      position += 2;
    } else if (/^[rRuU]?('''|"""|'|")/.test(rest)) {
      const [, prefix = '', quote = ''] = /^([rRuU]?)('''|"""|'|")/.exec(rest)!;
      const startLine = line;
      const { value, end } = readString(text, position + prefix.length + quote.length, quote, /r/i.test(prefix), fail);
      line += text.slice(position, end).split('\n').length - 1;
      tokens.push({ kind: 'string', value, line: startLine });
      position = end;
    } else if (/[\d.]/.test(character) && NUMBER.test(rest) && !rest.startsWith('...')) {
      const written = NUMBER.exec(rest)![0];
      if (/^[jJ]/.test(text.slice(position + written.length))) throw fail('complex numbers are not read');
      const digits = written.replaceAll('_', '');
      if (/^0[xXoObB]/.test(digits) || !/[.eE]/.test(digits)) tokens.push({ kind: 'int', value: BigInt(digits), line });
      else tokens.push({ kind: 'float', value: Number(digits), line });
      position += written.length;
    } else if (/[A-Za-z_]/.test(character)) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest)![0];
      if (/^['"]/.test(text.slice(position + name.length))) throw fail(`string prefix ${name} is not read`);
      tokens.push({ kind: 'name', text: name, line });
      position += name.length;
    } else if (rest.startsWith('...')) {
      tokens.push({ kind: 'symbol', text: '...', line });
      position += 3;
    } else if ('([{'.includes(character)) {
      closers.push(OPENERS[character]!);
      tokens.push({ kind: 'symbol', text: character, line });
      position++;
    } else if (')]}'.includes(character)) {
      if (closers.pop() !== character) throw fail(`unmatched ${character}`);
      tokens.push({ kind: 'symbol', text: character, line });
      position++;
    } else if (',:=+-'.includes(character)) {
      tokens.push({ kind: 'symbol', text: character, line });
      position++;
    } else {
      throw fail(`unexpected ${JSON.stringify(character)}`);
    }
  }
  if (closers.length > 0) throw fail(`unclosed bracket (expected ${closers.at(-1)})`);
  endStatement();
  return tokens;
}

class Parser {
  private position = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly source: string,
  ) {}

  private fail(message: string): GenEnvError {
    const token = this.tokens[Math.min(this.position, this.tokens.length - 1)];
    return failure(this.source, token?.line ?? 1, message);
  }
  private isSymbol(text: string): boolean {
    const token = this.tokens[this.position];
    return token?.kind === 'symbol' && token.text === text;
  }
  private expect(text: string): void {
    if (!this.isSymbol(text)) throw this.fail(`expected ${text}`);
    this.position++;
  }

  module(): Map<string, PythonLiteral> {
    const constants = new Map<string, PythonLiteral>();
    while (this.position < this.tokens.length) {
      const name = this.tokens[this.position];
      if (name?.kind !== 'name' || this.tokens[this.position + 1]?.kind !== 'symbol') {
        throw this.fail('only NAME = <literal> statements are read');
      }
      this.position++;
      this.expect('=');
      const items: PythonLiteral[] = [this.value()];
      // `NAME = a, b` (or `a,`) assigns a tuple.
      let tuple = false;
      while (this.isSymbol(',')) {
        tuple = true;
        this.position++;
        if (this.tokens[this.position]?.kind === 'end-of-statement') break;
        items.push(this.value());
      }
      if (this.tokens[this.position]?.kind !== 'end-of-statement') throw this.fail('expected the end of the statement');
      this.position++;
      constants.set(name.text, tuple ? items : items[0]!);
    }
    return constants;
  }

  /** Items up to `close`, and whether a comma came after the last one. */
  private sequence(close: string): { items: PythonLiteral[]; trailingComma: boolean } {
    const items: PythonLiteral[] = [];
    let trailingComma = false;
    while (!this.isSymbol(close)) {
      items.push(this.value());
      trailingComma = this.isSymbol(',');
      if (!this.isSymbol(close)) this.expect(',');
    }
    this.position++;
    return { items, trailingComma };
  }

  value(): PythonLiteral {
    const token = this.tokens[this.position];
    if (token === undefined || token.kind === 'end-of-statement') throw this.fail('expected a value');
    this.position++;
    if (token.kind === 'string') {
      let text = token.value;
      for (let next = this.tokens[this.position]; next?.kind === 'string'; next = this.tokens[this.position]) {
        text += next.value;
        this.position++;
      }
      return text;
    }
    if (token.kind === 'int' || token.kind === 'float') return token.value;
    if (token.kind === 'name') {
      if (!Object.hasOwn(NAMED_CONSTANTS, token.text)) throw this.fail(`${token.text} is not a literal`);
      return NAMED_CONSTANTS[token.text]!;
    }
    switch (token.kind === 'symbol' ? token.text : '') {
      case '...':
        return ELLIPSIS;
      case '-':
      case '+': {
        const operand = this.value();
        if (typeof operand !== 'bigint' && typeof operand !== 'number') throw this.fail('a sign before a non-number');
        return (token as { text: string }).text === '-' ? -operand : operand;
      }
      case '[':
        return this.sequence(']').items;
      case '(': {
        const { items, trailingComma } = this.sequence(')');
        // `(x)` is x; `(x,)` and `()` are tuples.
        return items.length === 1 && !trailingComma ? items[0]! : items;
      }
      case '{': {
        const dict = new Map<PythonLiteral, PythonLiteral>();
        while (!this.isSymbol('}')) {
          const key = this.value();
          if (Array.isArray(key) || key instanceof Map) throw this.fail('unhashable dict key');
          this.expect(':');
          dict.set(key, this.value());
          if (!this.isSymbol('}')) this.expect(',');
        }
        this.position++;
        return dict;
      }
      default:
        throw this.fail(`unexpected ${(token as { text?: string }).text ?? token.kind}`);
    }
  }
}

/**
 * The constants of a module made only of `NAME = <literal>` statements, in order. `source` names the module in
 * errors, which are one line with its line number.
 */
export function readPythonConstants(text: string, source: string): Map<string, PythonLiteral> {
  return new Parser(tokenize(text, source), source).module();
}
