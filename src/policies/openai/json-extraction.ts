/** Finding a JSON value in model text, for servers without structured outputs. */

/**
 * The first JSON object (or array) in `text` that parses: a ```json fenced block first, then the
 * first balanced `{…}`/`[…]` span (string-aware), with trailing commas repaired. Undefined when none.
 */
export function extractJson(text: string): unknown {
  const candidates: string[] = [];
  for (const match of text.matchAll(/```(?:json)?\s*([\s\S]*?)```/gi)) candidates.push(match[1]!.trim());
  for (let start = 0; start < text.length; start++) {
    const character = text[start];
    if (character !== '{' && character !== '[') continue;
    const end = balancedEnd(text, start);
    if (end < 0) continue;
    candidates.push(text.slice(start, end + 1));
    start = end;
  }
  for (const candidate of candidates) {
    for (const repaired of [candidate, candidate.replace(/,\s*([}\]])/g, '$1')]) {
      try {
        const value: unknown = JSON.parse(repaired);
        if (value !== null && typeof value === 'object') return value;
      } catch {
        // try the next repair or candidate
      }
    }
  }
  return undefined;
}

/** Index of the bracket closing the one at `start`, skipping brackets inside strings; −1 when unbalanced. */
function balancedEnd(text: string, start: number): number {
  const stack: string[] = [];
  let inString = false;
  for (let index = start; index < text.length; index++) {
    const character = text[index]!;
    if (inString) {
      if (character === '\\') index++;
      else if (character === '"') inString = false;
      continue;
    }
    if (character === '"') inString = true;
    else if (character === '{') stack.push('}');
    else if (character === '[') stack.push(']');
    else if (character === '}' || character === ']') {
      if (stack.pop() !== character) return -1;
      if (stack.length === 0) return index;
    }
  }
  return -1;
}
