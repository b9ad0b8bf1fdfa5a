/**
 * Reader for TextWorld's `.twl2` grammar text, as stored in the `grammar` field of an ALFWorld
 * `game.tw-pddl` file: one top-level `grammar :: """{json}""";` block of production rules, then
 * `action NAME { template :: "..."; feedback :: "..."; grammar :: """{json}"""; }` blocks.
 */

export interface ProductionRule {
  rhs: string;
  /** A conjunctive query over facts (`a(x:t) & b(y:t)`); absent = always applicable. */
  condition?: string;
}

export interface GrammarAction {
  /** Name as written (e.g. `GotoLocation`). */
  name: string;
  /** Command template (e.g. `take {o} from {r}`). */
  template: string;
  /** Feedback text, usually one `#rule#` reference. */
  feedback: string;
}

export interface GameGrammar {
  /** Rule name → alternatives in file order (the first applicable one is used, as TextWorld does). */
  rules: Map<string, ProductionRule[]>;
  /** Lower-cased action name → action. */
  actions: Map<string, GrammarAction>;
}

/** Parses a twl2 grammar. Throws `Error` with a one-line reason when it is malformed. */
export function parseGrammar(text: string): GameGrammar {
  const grammar: GameGrammar = { rules: new Map(), actions: new Map() };
  const reader = new Reader(text);
  while (!reader.atEnd()) {
    const word = reader.word();
    if (word === 'grammar') {
      reader.expect('::');
      addRules(grammar, reader.string(), 'grammar');
      reader.optional(';');
    } else if (word === 'action') {
      const name = reader.word();
      if (!name) throw new Error('an action block has no name');
      reader.expect('{');
      const fields = new Map<string, string>();
      while (!reader.optional('}')) {
        const key = reader.word();
        if (!key) throw new Error(`action ${name}: expected a field name`);
        reader.expect('::');
        fields.set(key, reader.string());
        reader.optional(';');
      }
      const template = fields.get('template');
      const feedback = fields.get('feedback');
      if (template === undefined || feedback === undefined)
        throw new Error(`action ${name} lacks a template or a feedback`);
      grammar.actions.set(name.toLowerCase(), { name, template, feedback });
      const nested = fields.get('grammar');
      if (nested !== undefined) addRules(grammar, nested, `action ${name}`);
    } else {
      throw new Error(`unexpected "${word || reader.peek()}" in the grammar`);
    }
  }
  if (grammar.actions.size === 0) throw new Error('the grammar defines no actions');
  return grammar;
}

function addRules(grammar: GameGrammar, json: string, where: string): void {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (error) {
    throw new Error(`${where}: the rule block is not JSON (${(error as Error).message.split('\n')[0]})`);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    throw new Error(`${where}: the rule block is not an object`);
  for (const [name, alternatives] of Object.entries(data as Record<string, unknown>)) {
    if (!Array.isArray(alternatives)) throw new Error(`${where}: rule "${name}" is not a list`);
    const parsed = alternatives.map((alternative): ProductionRule => {
      const rule = alternative as { rhs?: unknown; condition?: unknown };
      if (typeof rule?.rhs !== 'string') throw new Error(`${where}: rule "${name}" has an alternative without "rhs"`);
      return typeof rule.condition === 'string' && rule.condition
        ? { rhs: rule.rhs, condition: rule.condition }
        : { rhs: rule.rhs };
    });
    grammar.rules.set(name, [...(grammar.rules.get(name) ?? []), ...parsed]);
  }
}

class Reader {
  private position = 0;
  constructor(private readonly text: string) {}

  private skip(): void {
    while (this.position < this.text.length && /\s/.test(this.text[this.position]!)) this.position++;
  }
  atEnd(): boolean {
    this.skip();
    return this.position >= this.text.length;
  }
  peek(): string {
    this.skip();
    return this.text.slice(this.position, this.position + 20);
  }
  word(): string {
    this.skip();
    const match = /^[A-Za-z_][\w.-]*/.exec(this.text.slice(this.position));
    if (!match) return '';
    this.position += match[0].length;
    return match[0];
  }
  optional(token: string): boolean {
    this.skip();
    if (!this.text.startsWith(token, this.position)) return false;
    this.position += token.length;
    return true;
  }
  expect(token: string): void {
    if (!this.optional(token)) throw new Error(`expected "${token}" near "${this.peek()}"`);
  }
  /** `"""raw"""` or `"escaped"` (TextWorld turns the two characters `\n` into a newline). */
  string(): string {
    this.skip();
    if (this.text.startsWith('"""', this.position)) {
      const end = this.text.indexOf('"""', this.position + 3);
      if (end < 0) throw new Error('a """ block is never closed');
      const value = this.text.slice(this.position + 3, end);
      this.position = end + 3;
      return value;
    }
    if (this.text[this.position] !== '"') throw new Error(`expected a string near "${this.peek()}"`);
    let value = '';
    let index = this.position + 1;
    for (; index < this.text.length; index++) {
      const character = this.text[index]!;
      if (character === '\\' && index + 1 < this.text.length) {
        const next = this.text[index + 1]!;
        value += next === 'n' ? '\n' : next;
        index++;
      } else if (character === '"') break;
      else value += character;
    }
    if (index >= this.text.length) throw new Error('a string is never closed');
    this.position = index + 1;
    return value;
  }
}
