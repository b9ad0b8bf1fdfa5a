import type { ParseResult } from '../../../interfaces/task.ts';

/**
 * A parser for the Python literals that TravelPlanner writes (its gold plans are `repr` of a list of
 * dicts): lists, tuples, dicts, single/double/triple-quoted strings with escapes, ints, floats,
 * True/False/None. JSON is a subset, so JSON parses too (and true/false/null are accepted as well).
 * Returns the value or the reason it could not be read; never throws.
 */
export function parsePythonLiteral(text: string): ParseResult<unknown> {
  const parser = new LiteralParser(text);
  try {
    const value = parser.value();
    parser.skipSpace();
    if (!parser.atEnd()) return { ok: false, reason: `unexpected text at offset ${parser.position}` };
    return { ok: true, value };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '0': '\0',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  '\n': '',
};
const WORDS: Record<string, unknown> = { True: true, False: false, None: null, true: true, false: false, null: null };

class LiteralParser {
  position = 0;
  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.position >= this.text.length;
  }

  skipSpace(): void {
    while (!this.atEnd() && /\s/.test(this.text[this.position]!)) this.position++;
  }

  private fail(what: string): never {
    throw new Error(`${what} at offset ${this.position}`);
  }

  value(): unknown {
    this.skipSpace();
    const character = this.text[this.position];
    if (character === undefined) this.fail('unexpected end');
    if (character === '[') return this.sequence('[', ']');
    if (character === '(') return this.sequence('(', ')');
    if (character === '{') return this.dictionary();
    if (character === '"' || character === "'") return this.string();
    if (/[-+\d.]/.test(character)) return this.number();
    const word = /^[A-Za-z_]\w*/.exec(this.text.slice(this.position, this.position + 16))?.[0];
    if (word !== undefined && word in WORDS) {
      this.position += word.length;
      return WORDS[word];
    }
    return this.fail('unexpected character');
  }

  private sequence(open: string, close: string): unknown[] {
    this.position++;
    const items: unknown[] = [];
    for (;;) {
      this.skipSpace();
      if (this.text[this.position] === close) {
        this.position++;
        return items;
      }
      items.push(this.value());
      this.skipSpace();
      if (this.text[this.position] === ',') this.position++;
      else if (this.text[this.position] !== close) this.fail(`expected , or ${close} after item of ${open}${close}`);
    }
  }

  private dictionary(): Record<string, unknown> {
    this.position++;
    const entries: Record<string, unknown> = {};
    for (;;) {
      this.skipSpace();
      if (this.text[this.position] === '}') {
        this.position++;
        return entries;
      }
      const key = this.value();
      if (typeof key !== 'string' && typeof key !== 'number') this.fail('dict key is not a string or number');
      this.skipSpace();
      if (this.text[this.position] !== ':') this.fail('expected :');
      this.position++;
      entries[String(key)] = this.value();
      this.skipSpace();
      if (this.text[this.position] === ',') this.position++;
      else if (this.text[this.position] !== '}') this.fail('expected , or }');
    }
  }

  private string(): string {
    const quote = this.text[this.position]!;
    const triple = this.text.startsWith(quote.repeat(3), this.position);
    const closing = triple ? quote.repeat(3) : quote;
    this.position += closing.length;
    let result = '';
    for (;;) {
      if (this.atEnd()) this.fail('unterminated string');
      if (this.text.startsWith(closing, this.position)) {
        this.position += closing.length;
        return result;
      }
      const character = this.text[this.position]!;
      if (character === '\n' && !triple) this.fail('newline in string');
      if (character !== '\\') {
        result += character;
        this.position++;
        continue;
      }
      const escaped = this.text[this.position + 1];
      if (escaped === undefined) this.fail('unterminated escape');
      if (escaped === 'x' || escaped === 'u' || escaped === 'U') {
        const length = escaped === 'x' ? 2 : escaped === 'u' ? 4 : 8;
        const hex = this.text.slice(this.position + 2, this.position + 2 + length);
        if (!new RegExp(`^[0-9a-fA-F]{${length}}$`).test(hex)) this.fail('bad escape');
        result += String.fromCodePoint(parseInt(hex, 16));
        this.position += 2 + length;
      } else {
        // Unknown escapes keep their backslash, as Python does.
        result += ESCAPES[escaped] ?? `\\${escaped}`;
        this.position += 2;
      }
    }
  }

  private number(): number {
    const match = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?/.exec(this.text.slice(this.position));
    if (!match) return this.fail('bad number');
    this.position += match[0].length;
    return Number(match[0]);
  }
}
