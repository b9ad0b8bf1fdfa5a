/**
 * S-expressions as PDDL writes them: `(name arg (nested ...))`, `;` comments to end of line.
 * Fast Downward (which ALFWorld's TextWorld engine runs on) lower-cases every name, so atoms are lower-cased here too.
 */

/** An atom (lower-cased word) or a parenthesised list. */
export type SExpression = string | SExpression[];

/**
 * Parses every top-level expression of `text`. Commas are separators (ALFRED's domain writes
 * `(?l - location, ?r - receptacle)`). Throws `Error` with a one-line reason on unbalanced parentheses.
 */
export function parseSExpressions(text: string): SExpression[] {
  const tokens = tokenize(text);
  const stack: SExpression[][] = [[]];
  for (const token of tokens) {
    if (token === '(') {
      const list: SExpression[] = [];
      stack[stack.length - 1]!.push(list);
      stack.push(list);
    } else if (token === ')') {
      if (stack.length === 1) throw new Error('unbalanced parentheses: a ")" closes nothing');
      stack.pop();
    } else {
      stack[stack.length - 1]!.push(token);
    }
  }
  if (stack.length !== 1) throw new Error(`unbalanced parentheses: ${stack.length - 1} "(" left open`);
  return stack[0]!;
}

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  const pattern = /;[^\n]*|[()]|[^\s(),;]+/g;
  for (const match of text.matchAll(pattern)) {
    const token = match[0];
    if (token.startsWith(';')) continue;
    tokens.push(token === '(' || token === ')' ? token : token.toLowerCase());
  }
  return tokens;
}

/** The list's head word, or '' for atoms and empty lists. */
export function head(expression: SExpression): string {
  return Array.isArray(expression) && typeof expression[0] === 'string' ? expression[0] : '';
}

/** Typed list `a b - t1 c - t2` (untyped names get `object`), as [name, type] pairs in order. */
export function parseTypedList(items: readonly SExpression[]): { name: string; type: string }[] {
  const result: { name: string; type: string }[] = [];
  let pending: string[] = [];
  for (let index = 0; index < items.length; index++) {
    const item = items[index]!;
    if (typeof item !== 'string') throw new Error('a typed list holds a nested list');
    if (item === '-') {
      const type = items[index + 1];
      if (typeof type !== 'string') throw new Error('a typed list ends with "-" and no type');
      for (const name of pending) result.push({ name, type });
      pending = [];
      index++;
    } else {
      pending.push(item);
    }
  }
  for (const name of pending) result.push({ name, type: 'object' });
  return result;
}
