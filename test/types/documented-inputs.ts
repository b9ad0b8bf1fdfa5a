/**
 * Writes src/composition/option-inputs.ts: for each schema of a run config's fields and of every built-in player's and
 * world's options, an interface whose members carry the field's description with its range and default as a doc
 * comment, so that an editor shows them (TypeScript 7 drops the doc comments of a zod shape's keys in z.input's mapped
 * type, and a declaration file of a zod schema never had them). The schema stays the one source: its `.describe()`
 * text, and its bounds and defaults as z.toJSONSchema reads them; each member's type is the schema's own input type
 * at that key.
 */
import { z } from 'zod';
import { ArithmeticOptionsSchema } from '../../src/domains/arithmetic/options.ts';
import { HouseholdOptionsSchema } from '../../src/domains/household/options.ts';
import { ClausesOptionsSchema } from '../../src/domains/clauses/options.ts';
import { LadderOptionsSchema } from '../../src/domains/ladder/options.ts';
import { MultihopOptionsSchema } from '../../src/domains/multihop/options.ts';
import { ToolWorldOptionsSchema } from '../../src/domains/toolworld/options.ts';
import { TravelOptionsSchema } from '../../src/domains/travel/options.ts';
import { TrainerOptionsSchema } from '../../src/composition/trainer-options.ts';
import { RunConfigSchema } from '../../src/interfaces/config.ts';
import { AgentOptionsSchema, SimulatorOptionsSchema } from '../../src/policies/builtin/options.ts';
import {
  AgentOptionsSchema as OpenAIAgentOptionsSchema,
  SimulatorOptionsSchema as OpenAISimulatorOptionsSchema,
} from '../../src/policies/openai/options.ts';
import { ParametricOptionsSchema } from '../../src/policies/parametric/parametric-simulator.ts';
import { StudentOptionsSchema } from '../../src/policies/student/student.ts';

/** The file written, relative to the repository's root. */
export const DOCUMENTED_INPUTS_FILE = 'src/composition/option-inputs.ts';

/** One interface of the file: its name and doc, and the schema it documents (imported as `exported` from `from`). */
interface Documented {
  name: string;
  doc: string;
  schema: z.ZodType;
  from: string;
  exported: string;
  /** Keys left out (the run config's parts and preset, typed by config-input.ts). */
  omit?: readonly string[];
  /** Every member optional, as in a config that overrides a preset. */
  optional?: boolean;
}

const DOCUMENTED: readonly Documented[] = [
  {
    name: 'RunConfigFields',
    doc: "The fields of a run config beside its preset and its parts: each overrides the preset's (docs/configuration.md).",
    schema: RunConfigSchema,
    from: '../interfaces/index.ts',
    exported: 'RunConfigSchema',
    omit: ['preset', 'domain', 'agent', 'simulator', 'offline', 'computeBackend'],
    optional: true,
  },
  {
    name: 'BuiltinAgentOptionsInput',
    doc: "`agent.options` of the built-in agent (`agent.policy: 'builtin'`): a small transformer trained in process.",
    schema: AgentOptionsSchema,
    from: '../policies/builtin/options.ts',
    exported: 'AgentOptionsSchema',
  },
  {
    name: 'BuiltinSimulatorOptionsInput',
    doc: "`simulator.options` of the built-in simulator (`simulator.policy: 'builtin'`).",
    schema: SimulatorOptionsSchema,
    from: '../policies/builtin/options.ts',
    exported: 'SimulatorOptionsSchema',
  },
  {
    name: 'OpenAIAgentOptionsInput',
    doc: "`agent.options` of an agent served over the OpenAI API (`agent.policy: 'openai:<base URL>#<model>'`).",
    schema: OpenAIAgentOptionsSchema,
    from: '../policies/openai/options.ts',
    exported: 'AgentOptionsSchema',
  },
  {
    name: 'OpenAISimulatorOptionsInput',
    doc: "`simulator.options` of a simulator served over the OpenAI API (`simulator.policy: 'openai:<base URL>#<model>'`).",
    schema: OpenAISimulatorOptionsSchema,
    from: '../policies/openai/options.ts',
    exported: 'SimulatorOptionsSchema',
  },
  {
    name: 'TrainerHookOptionsInput',
    doc: '`options.trainer` of an OpenAI-served player: the trainer hook that updates its weights (docs/serving.md §7).',
    schema: TrainerOptionsSchema,
    from: './trainer-options.ts',
    exported: 'TrainerOptionsSchema',
  },
  {
    name: 'StudentOptionsInput',
    doc: "`agent.options` of the simulated student (`agent.policy: 'student'`).",
    schema: StudentOptionsSchema,
    from: '../policies/student/student.ts',
    exported: 'StudentOptionsSchema',
  },
  {
    name: 'ParametricOptionsInput',
    doc: "`simulator.options` of the parametric simulator (`simulator.policy: 'parametric'`).",
    schema: ParametricOptionsSchema,
    from: '../policies/parametric/parametric-simulator.ts',
    exported: 'ParametricOptionsSchema',
  },
  ...(
    [
      ['Arithmetic', 'arithmetic', ArithmeticOptionsSchema],
      ['Clauses', 'clauses', ClausesOptionsSchema],
      ['Household', 'household', HouseholdOptionsSchema],
      ['Ladder', 'ladder', LadderOptionsSchema],
      ['Multihop', 'multihop', MultihopOptionsSchema],
      ['ToolWorld', 'toolworld', ToolWorldOptionsSchema],
      ['Travel', 'travel', TravelOptionsSchema],
    ] as const
  ).map(([name, domain, schema]) => ({
    name: `${name}OptionsInput`,
    doc: `\`domain.options\` of the ${domain} world (\`domain.name: '${domain}'\`).`,
    schema,
    from: `../domains/${domain}/options.ts`,
    exported: `${name}OptionsSchema`,
  })),
];

/** A JSON schema of one field, as z.toJSONSchema writes it (the parts read here). */
interface FieldSchema {
  type?: string;
  description?: string;
  default?: unknown;
  enum?: readonly unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  pattern?: string;
  prefixItems?: readonly FieldSchema[];
  properties?: Readonly<Record<string, FieldSchema>>;
  required?: readonly string[];
  additionalProperties?: unknown;
}

const literal = (value: unknown) => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value));

/** What values a field takes, as a phrase (`an integer from 1 to 64`), or '' when its type says it all. */
function kindOf(field: FieldSchema, plural = false): string {
  const a = (singular: string, many: string) => (plural ? many : singular);
  if (field.enum) return `${a('one', 'each one')} of ${field.enum.map((value) => `\`${literal(value)}\``).join(', ')}`;
  if (field.type === 'integer' || field.type === 'number') {
    const noun = field.type === 'integer' ? a('an integer', 'integers') : a('a number', 'numbers');
    const low = field.exclusiveMinimum ?? field.minimum;
    const high = field.exclusiveMaximum ?? field.maximum;
    if (low !== undefined && high !== undefined) {
      if (field.type === 'integer') return `${noun} from ${low} to ${high}`;
      const open = field.exclusiveMinimum === undefined ? '[' : '(';
      const close = field.exclusiveMaximum === undefined ? ']' : ')';
      return `${noun} in ${open}${low}, ${high}${close}`;
    }
    if (low !== undefined) return `${noun} ${field.exclusiveMinimum === undefined ? '≥' : '>'} ${low}`;
    if (high !== undefined) return `${noun} ${field.exclusiveMaximum === undefined ? '≤' : '<'} ${high}`;
    return noun;
  }
  if (field.type === 'string') {
    if (field.pattern) return `${a('a string', 'strings')} matching \`${field.pattern}\``;
    return field.minLength ? a('a non-empty string', 'non-empty strings') : '';
  }
  if (field.type === 'array' && field.prefixItems) {
    const kinds = [...new Set(field.prefixItems.map((item) => kindOf(item, true)))];
    const count = field.prefixItems.length === 2 ? 'a pair' : `a list of ${field.prefixItems.length}`;
    return kinds.length === 1 && kinds[0] ? `${count} of ${kinds[0]}` : '';
  }
  if (field.type === 'object' && !field.properties) return 'an object of any fields';
  return '';
}

/** The line of facts after a field's description: its kind and default (`An integer from 1 to 64; default 16.`). */
function factsOf(field: FieldSchema): string {
  const facts = [kindOf(field), 'default' in field ? `default \`${literal(field.default)}\`` : ''].filter(Boolean);
  const line = facts.join('; ');
  return line ? `${line[0]!.toUpperCase()}${line.slice(1)}.` : '';
}

/** `text` cut into lines of at most `width` characters at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : lines;
}

/** A doc comment of `paragraphs` at `indent`, within the 120 columns of the formatter. */
function docComment(paragraphs: readonly string[], indent: string): string[] {
  const width = 120 - indent.length - 3;
  const lines = paragraphs
    .filter(Boolean)
    .flatMap((paragraph, index) => [...(index ? [''] : []), ...wrap(paragraph, width)]);
  const single = `${indent}/** ${lines[0]} */`;
  if (lines.length === 1 && single.length <= 120) return [single];
  return [`${indent}/**`, ...lines.map((line) => (line ? `${indent} * ${line}` : `${indent} *`)), `${indent} */`];
}

/** A schema's description as a sentence: as written (`--help` prints the same words), with its full stop. */
const sentence = (description: string) => (/[.!?]$/.test(description) ? description : `${description}.`);

/**
 * The members of an object's JSON schema: each with its doc and the type at `type` (the input type's expression for
 * this object); a member that is an object of described fields is written out the same way, one level in.
 */
function members(
  object: FieldSchema,
  type: string,
  indent: string,
  where: string,
  options: { omit?: readonly string[]; optional?: boolean },
): string[] {
  return Object.entries(object.properties ?? {})
    .filter(([key]) => !options.omit?.includes(key))
    .flatMap(([key, field]) => {
      if (!field.description) throw new Error(`${where}.${key} has no description (.describe())`);
      const optional = options.optional || !object.required?.includes(key) ? '?' : '';
      const doc = docComment([sentence(field.description), factsOf(field)], indent);
      const own = `${type}['${key}']`;
      if (!field.properties) return [...doc, `${indent}${key}${optional}: ${own};`];
      const inner = members(field, `NonNullable<${own}>`, `${indent}  `, `${where}.${key}`, {});
      return [...doc, `${indent}${key}${optional}: {`, ...inner, `${indent}};`];
    });
}

/** The text of src/composition/option-inputs.ts, formatted as the formatter leaves it. */
export function documentedInputsSource(): string {
  const imports = new Map<string, string[]>();
  for (const entry of DOCUMENTED) {
    const names = imports.get(entry.from) ?? [];
    const alias = `${entry.name.replace(/Input$|Fields$/, '')}Schema`;
    const specifier = entry.exported === alias ? alias : `${entry.exported} as ${alias}`;
    if (!names.includes(specifier)) names.push(specifier);
    imports.set(entry.from, names);
  }
  const importLines = [...imports].map(([from, names]) => {
    const line = `import type { ${names.join(', ')} } from '${from}';`;
    return line.length <= 120
      ? line
      : `import type {\n${names.map((name) => `  ${name},`).join('\n')}\n} from '${from}';`;
  });
  const interfaces = DOCUMENTED.map((entry) => {
    const alias = `${entry.name.replace(/Input$|Fields$/, '')}Schema`;
    const json = z.toJSONSchema(entry.schema, { io: 'input', unrepresentable: 'any' }) as FieldSchema;
    const body = members(json, `z.input<typeof ${alias}>`, '  ', entry.name, entry);
    return [...docComment([entry.doc], ''), `export interface ${entry.name} {`, ...body, '}'].join('\n');
  });
  const header = [
    '/**',
    ' * Written by test/types/documented-inputs.ts from the schemas (`GENENV_WRITE_INPUTS=1 npx vitest run',
    " * test/types/documented-inputs.test.ts`); do not edit. The input types of a run config's fields and of every",
    " * built-in player's and world's options, each member with its schema's description, range and default as the",
    ' * doc comment an editor shows.',
    ' */',
  ];
  return `${[...header, "import type { z } from 'zod';", ...importLines, '', interfaces.join('\n\n')].join('\n')}\n`;
}
