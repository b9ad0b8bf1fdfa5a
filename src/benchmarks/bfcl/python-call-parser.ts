/**
 * Parser for BFCL's native answer format: a Python list of calls such as
 * `[cd(folder='document'), tail(file_name="log.txt", lines=20), sort('a.txt')]`.
 * Values: strings (quotes, triple quotes, escapes, r-prefix, implicit concatenation), ints, floats,
 * True/False/None, lists, tuples (as arrays), dicts, unary minus, arithmetic on constants, and bare
 * names (which the official decoder turns into their own text).
 */
import { GenEnvError } from '../../interfaces/errors.ts';
import { arithmetic as numericArithmetic, asFloat, isNumeric, PyFloat } from './python-float.ts';
import { PYTHON_STRING_ESCAPES } from '../../util/python-escapes.ts';

/** One call as written: positional arguments in order, keyword arguments by name. */
export interface PythonCall {
  name: string;
  positional: unknown[];
  keywords: Record<string, unknown>;
}

type Token =
  | { kind: 'name'; text: string; start: number; end: number }
  | { kind: 'number'; value: number; float: boolean; start: number; end: number }
  | { kind: 'string'; value: string; start: number; end: number }
  | { kind: 'symbol'; text: string; start: number; end: number };

class ParseFailure extends Error {}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  while (position < source.length) {
    const character = source[position]!;
    if (/\s/.test(character)) {
      position++;
      continue;
    }
    const start = position;
    const stringMatch = /^([rRuUbB]{0,2})('''|"""|'|")/.exec(source.slice(position, position + 5));
    if (stringMatch && (stringMatch[1] === '' || /^[rRuUbB]+$/.test(stringMatch[1]!))) {
      const raw = /[rR]/.test(stringMatch[1]!);
      const quote = stringMatch[2]!;
      position += stringMatch[0].length;
      let value = '';
      for (;;) {
        if (position >= source.length) throw new ParseFailure('unterminated string');
        if (source.startsWith(quote, position)) {
          position += quote.length;
          break;
        }
        const next = source[position]!;
        if (next === '\n' && quote.length === 1) throw new ParseFailure('newline in string');
        if (next === '\\' && position + 1 < source.length) {
          const escaped = source[position + 1]!;
          if (raw) {
            value += next + escaped;
            position += 2;
            continue;
          }
          position += 2;
          if (escaped in PYTHON_STRING_ESCAPES) value += PYTHON_STRING_ESCAPES[escaped];
          else if (escaped === 'x' || escaped === 'u' || escaped === 'U') {
            const width = escaped === 'x' ? 2 : escaped === 'u' ? 4 : 8;
            const hex = source.slice(position, position + width);
            if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== width) throw new ParseFailure('bad escape');
            value += String.fromCodePoint(parseInt(hex, 16));
            position += width;
          } else value += `\\${escaped}`;
          continue;
        }
        value += next;
        position++;
      }
      tokens.push({ kind: 'string', value, start, end: position });
      continue;
    }
    const numberMatch = /^(?:0[xX][0-9a-fA-F_]+|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d+)?)/.exec(
      source.slice(position),
    );
    if (numberMatch && /[\d.]/.test(character)) {
      const text = numberMatch[0].replaceAll('_', '');
      const value = /^0[xX]/.test(text) ? parseInt(text, 16) : Number(text);
      if (Number.isNaN(value)) throw new ParseFailure(`bad number ${text}`);
      position += numberMatch[0].length;
      tokens.push({ kind: 'number', value, float: !/^0[xX]/.test(text) && /[.eE]/.test(text), start, end: position });
      continue;
    }
    const nameMatch = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(position));
    if (nameMatch) {
      position += nameMatch[0].length;
      tokens.push({ kind: 'name', text: nameMatch[0], start, end: position });
      continue;
    }
    if ('[](){},=:.+-*/{}'.includes(character)) {
      position++;
      tokens.push({ kind: 'symbol', text: character, start, end: position });
      continue;
    }
    throw new ParseFailure(`unexpected character ${JSON.stringify(character)}`);
  }
  return tokens;
}

class Parser {
  private position = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly source: string,
  ) {}

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }
  private isSymbol(text: string): boolean {
    const token = this.peek();
    return token !== undefined && token.kind === 'symbol' && token.text === text;
  }
  private expect(text: string): void {
    if (!this.isSymbol(text)) throw new ParseFailure(`expected '${text}'`);
    this.position++;
  }
  atEnd(): boolean {
    return this.position >= this.tokens.length;
  }

  /** Top level: a list/tuple of calls or a single call. */
  parseCallList(): PythonCall[] {
    if (this.isSymbol('[') || this.isSymbol('(')) {
      const close = this.isSymbol('[') ? ']' : ')';
      // A parenthesised single call is not a tuple of calls: look ahead for `name(`.
      this.position++;
      const calls: PythonCall[] = [];
      while (!this.isSymbol(close)) {
        calls.push(this.parseCall());
        if (!this.isSymbol(close)) this.expect(',');
      }
      this.position++;
      return calls;
    }
    return [this.parseCall()];
  }

  private parseDottedName(): string {
    const first = this.peek();
    if (first?.kind !== 'name') throw new ParseFailure('expected a function name');
    this.position++;
    let name = first.text;
    while (this.isSymbol('.')) {
      this.position++;
      const part = this.peek();
      if (part?.kind !== 'name') throw new ParseFailure('expected a name after "."');
      this.position++;
      name += `.${part.text}`;
    }
    return name;
  }

  parseCall(): PythonCall {
    const name = this.parseDottedName();
    if (!this.isSymbol('(')) throw new ParseFailure(`expected '(' after ${name}`);
    return this.parseArguments(name);
  }

  private parseArguments(name: string): PythonCall {
    this.expect('(');
    const call: PythonCall = { name, positional: [], keywords: {} };
    while (!this.isSymbol(')')) {
      const token = this.peek();
      const following = this.tokens[this.position + 1];
      if (token?.kind === 'name' && following?.kind === 'symbol' && following.text === '=') {
        this.position += 2;
        if (Object.hasOwn(call.keywords, token.text))
          throw new ParseFailure(`keyword argument repeated: ${token.text}`);
        call.keywords[token.text] = this.parseExpression();
      } else {
        if (Object.keys(call.keywords).length > 0)
          throw new ParseFailure('positional argument follows keyword argument');
        call.positional.push(this.parseExpression());
      }
      if (!this.isSymbol(')')) this.expect(',');
    }
    this.position++;
    return call;
  }

  private parseExpression(): unknown {
    let value = this.parseTerm();
    while (this.isSymbol('+') || this.isSymbol('-')) {
      const operator = (this.peek() as { text: string }).text;
      this.position++;
      value = arithmetic(value, operator, this.parseTerm());
    }
    return value;
  }

  private parseTerm(): unknown {
    let value = this.parseUnary();
    while (this.isSymbol('*') || this.isSymbol('/')) {
      const operator = (this.peek() as { text: string }).text;
      this.position++;
      value = arithmetic(value, operator, this.parseUnary());
    }
    return value;
  }

  private parseUnary(): unknown {
    if (this.isSymbol('-') || this.isSymbol('+')) {
      const negative = this.isSymbol('-');
      this.position++;
      const operand = this.parseUnary();
      if (!isNumeric(operand)) throw new ParseFailure('unary sign on a non-number');
      if (!negative) return operand;
      return operand instanceof PyFloat ? new PyFloat(-operand.value) : -Number(operand);
    }
    return this.parseAtom();
  }

  private parseAtom(): unknown {
    const token = this.peek();
    if (!token) throw new ParseFailure('unexpected end of input');
    if (token.kind === 'string') {
      let value = '';
      while (this.peek()?.kind === 'string') value += (this.tokens[this.position++] as { value: string }).value;
      return value;
    }
    if (token.kind === 'number') {
      this.position++;
      return token.float ? asFloat(token.value) : token.value;
    }
    if (token.kind === 'name') {
      if (token.text === 'True') {
        this.position++;
        return true;
      }
      if (token.text === 'False') {
        this.position++;
        return false;
      }
      if (token.text === 'None') {
        this.position++;
        return null;
      }
      const start = token.start;
      const name = this.parseDottedName();
      if (this.isSymbol('(')) {
        // A nested call is kept as its source text, as the official decoder unparses it.
        this.parseArguments(name);
        return this.source.slice(start, this.tokens[this.position - 1]!.end);
      }
      return name;
    }
    if (this.isSymbol('[')) {
      this.position++;
      const items: unknown[] = [];
      while (!this.isSymbol(']')) {
        items.push(this.parseExpression());
        if (!this.isSymbol(']')) this.expect(',');
      }
      this.position++;
      return items;
    }
    if (this.isSymbol('(')) {
      this.position++;
      const items: unknown[] = [];
      let sawComma = false;
      while (!this.isSymbol(')')) {
        items.push(this.parseExpression());
        if (!this.isSymbol(')')) {
          this.expect(',');
          sawComma = true;
        }
      }
      this.position++;
      return sawComma || items.length !== 1 ? items : items[0];
    }
    if (this.isSymbol('{')) {
      this.position++;
      const dict: Record<string, unknown> = {};
      while (!this.isSymbol('}')) {
        const key = this.parseExpression();
        this.expect(':');
        dict[typeof key === 'string' ? key : JSON.stringify(key)] = this.parseExpression();
        if (!this.isSymbol('}')) this.expect(',');
      }
      this.position++;
      return dict;
    }
    throw new ParseFailure(`unexpected token ${JSON.stringify(this.source.slice(token.start, token.end))}`);
  }
}

function arithmetic(left: unknown, operator: string, right: unknown): unknown {
  if (isNumeric(left) && isNumeric(right)) {
    try {
      return numericArithmetic(operator as '+' | '-' | '*' | '/', left, right);
    } catch (error) {
      throw new ParseFailure(error instanceof Error ? error.message : String(error));
    }
  }
  if (operator === '+' && typeof left === 'string' && typeof right === 'string') return left + right;
  throw new ParseFailure(`unsupported operands for ${operator}`);
}

export type CallListParse = { ok: true; calls: PythonCall[] } | { ok: false; reason: string };

/** Parses an exact Python call-list expression (no cleaning). Never throws. */
export function parsePythonCallList(source: string): CallListParse {
  try {
    const parser = new Parser(tokenize(source), source);
    const calls = parser.parseCallList();
    if (!parser.atEnd()) return { ok: false, reason: 'unexpected text after the call list' };
    return { ok: true, calls };
  } catch (error) {
    // Malformed model output is data: a parse failure, or a stack overflow on absurd nesting, is a reason.
    if (error instanceof ParseFailure || error instanceof RangeError) return { ok: false, reason: error.message };
    throw error;
  }
}

/**
 * The official decoder of a model's text answer (`default_decode_execute_prompting`): strips
 * backticks, newlines and spaces at both ends, then wrapping single quotes, adds missing brackets, parses.
 */
export function decodeModelText(text: string): CallListParse {
  let cleaned = text.replace(/^[`\n ]+|[`\n ]+$/g, '');
  if (!cleaned.startsWith('[')) cleaned = `[${cleaned}`;
  if (!cleaned.endsWith(']')) cleaned = `${cleaned}]`;
  cleaned = cleaned.trim().replace(/^'+|'+$/g, '');
  return parsePythonCallList(cleaned);
}

/** Parses one gold call string such as `cd(folder='document')`; throws on malformed data. */
export function parseGoldCall(source: string): PythonCall {
  const parsed = parsePythonCallList(source);
  if (!parsed.ok || parsed.calls.length !== 1) {
    throw new GenEnvError(
      'benchmark',
      `BFCL gold call cannot be parsed: ${source}${parsed.ok ? '' : ` (${parsed.reason})`}`,
    );
  }
  return parsed.calls[0]!;
}
