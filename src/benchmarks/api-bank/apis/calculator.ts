/** Port of the official Calculator: its own left-to-right evaluator, including its quirks. */
import { respond, text, type ApiDefinition } from '../api-types.ts';
import { PythonError, pythonEquals, pythonItem } from '../python-values.ts';

type Token = number | string;

// The official loop can spin forever on some inputs (negative indices re-insert operands); the port stops.
const stepLimit = 10_000;

function isValidFormula(formula: string): boolean {
  if (formula.length === 0) return false;
  if ([...formula].some((character) => !'0123456789+-*/()'.includes(character))) return false;
  const count = (character: string) => formula.split(character).length - 1;
  if (count('(') !== count(')')) return false;
  const operators = count('+') + count('-') + count('*') + count('/');
  if (operators === 0) return false;
  return operators + 1 !== formula.length;
}

function tokenize(formula: string): Token[] {
  const tokens: Token[] = [];
  let number = '';
  for (const character of formula) {
    if ('0123456789'.includes(character)) number += character;
    else {
      if (number !== '') tokens.push(Number.parseFloat(number));
      number = '';
      tokens.push(character);
    }
  }
  if (number !== '') tokens.push(Number.parseFloat(number));
  return tokens;
}

/** Python `list.index`: ValueError when absent. */
function indexOf(tokens: Token[], token: string): number {
  const index = tokens.indexOf(token);
  if (index === -1) throw new PythonError(`${JSON.stringify(token).replaceAll('"', "'")} is not in list`);
  return index;
}

/** Python slice assignment `tokens[start:end] = values` with negative-index normalisation. */
function assignSlice(tokens: Token[], start: number, end: number, values: Token[]): void {
  const normalize = (index: number) => Math.min(Math.max(index < 0 ? index + tokens.length : index, 0), tokens.length);
  const from = normalize(start);
  const to = Math.max(from, normalize(end));
  tokens.splice(from, to - from, ...values);
}

/** Python `tokens[index]` with negative indices; IndexError past the end. */
function at(tokens: Token[], index: number): Token {
  const position = index < 0 ? index + tokens.length : index;
  if (position < 0 || position >= tokens.length) throw new PythonError('list index out of range');
  return tokens[position]!;
}

function operate(left: Token, operator: Token, right: Token): Token {
  if (typeof left !== 'number' || typeof right !== 'number')
    throw new PythonError(`unsupported operand type(s) for ${String(operator)}`);
  if (operator === '+') return left + right;
  if (operator === '-') return left - right;
  if (operator === '*') return left * right;
  if (right === 0) throw new PythonError('float division by zero');
  return left / right;
}

function evaluate(tokens: Token[], budget: { steps: number }): Token {
  const step = () => {
    if (++budget.steps > stepLimit) throw new PythonError('the official evaluator does not terminate on this formula');
  };
  while (tokens.includes('(')) {
    step();
    const open = indexOf(tokens, '(');
    const close = indexOf(tokens, ')');
    assignSlice(tokens, open, close + 1, [evaluate(tokens.slice(open + 1, close), budget)]);
  }
  for (const [first, second] of [
    ['*', '/'],
    ['+', '-'],
  ] as const) {
    while (tokens.includes(first) || tokens.includes(second)) {
      step();
      const firstIndex = tokens.indexOf(first);
      const secondIndex = tokens.indexOf(second);
      const index =
        firstIndex !== -1 && secondIndex !== -1 ? Math.min(firstIndex, secondIndex) : Math.max(firstIndex, secondIndex);
      assignSlice(tokens, index - 1, index + 2, [
        operate(at(tokens, index - 1), tokens[index]!, at(tokens, index + 1)),
      ]);
    }
  }
  return at(tokens, 0);
}

export const calculator: ApiDefinition = {
  name: 'Calculator',
  parameters: { formula: 'str' },
  required: ['formula'],
  call: ({ formula }) =>
    respond('Calculator', { formula }, () => {
      const compact = text(formula).replaceAll(' ', '');
      if (!isValidFormula(compact)) throw new PythonError('invalid formula');
      return evaluate(tokenize(compact), { steps: 0 });
    }),
  check: (response, groundTruth) => {
    const responseFormula = text(pythonItem(response.input, 'formula')).replaceAll(' ', '');
    const groundTruthFormula = text(pythonItem(pythonItem(groundTruth, 'input'), 'formula')).replaceAll(' ', '');
    return (
      responseFormula === groundTruthFormula &&
      pythonEquals(response.output, pythonItem(groundTruth, 'output')) &&
      pythonEquals(response.exception, pythonItem(groundTruth, 'exception'))
    );
  },
};
