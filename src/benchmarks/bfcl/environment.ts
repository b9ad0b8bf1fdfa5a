/**
 * The shape every ported BFCL environment class has: public methods with their Python signatures,
 * and the public attributes that the official state check compares (`vars(instance)` minus `_…`).
 */
import { parsePythonCallList } from './python-call-parser.ts';

/** Python type of a parameter as annotated in the official source. */
export type ParameterType = 'str' | 'int' | 'float' | 'bool' | 'list' | 'dict' | 'any';

export interface Parameter {
  name: string;
  type: ParameterType;
  /** Annotated Optional[...] or defaulting to None: None is accepted. */
  optional: boolean;
  hasDefault: boolean;
  defaultValue?: unknown;
}

export interface Method {
  name: string;
  parameters: Parameter[];
  /** Runs the method on bound, type-checked arguments; throws PythonError where Python raises. */
  run(args: Record<string, unknown>): unknown;
}

/** An exception raised inside a ported method (Python `raise ValueError(...)`, KeyError, ...). */
export { PythonValueError as PythonError } from './python-values.ts';

/** One live instance of an environment class. */
export interface EnvironmentInstance {
  readonly className: string;
  /** Public methods by name, in the class's definition order. */
  readonly methods: ReadonlyMap<string, Method>;
  /** Public attributes compared by the state check (Python `vars` without `_`-prefixed names). */
  publicState(): Record<string, unknown>;
}

const TYPE_NAMES: Record<string, ParameterType> = {
  str: 'str',
  int: 'int',
  float: 'float',
  bool: 'bool',
  list: 'list',
  dict: 'dict',
  any: 'any',
};

/**
 * Builds a method from a compact Python-style signature such as
 * `tail(file_name: str, lines: int = 10)` or `echo(content: str, file_name: Optional[str] = None)`.
 */
export function method(signature: string, run: (args: Record<string, unknown>) => unknown): Method {
  let parsed = SIGNATURES.get(signature);
  if (!parsed) {
    parsed = parseSignature(signature);
    SIGNATURES.set(signature, parsed);
  }
  return { ...parsed, run };
}

/** Parsed signatures, shared by every instance (instances are created per turn and per check). */
const SIGNATURES = new Map<string, Omit<Method, 'run'>>();

function parseSignature(signature: string): Omit<Method, 'run'> {
  const match = /^(\w+)\((.*)\)$/.exec(signature.trim());
  if (!match) throw new Error(`bad signature ${signature}`);
  const parameters: Parameter[] = [];
  for (const piece of match[2]!
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const parameterMatch = /^(\w+)\s*:\s*(Optional\[)?(\w+)\]?\s*(?:=\s*(.+))?$/.exec(piece);
    if (!parameterMatch) throw new Error(`bad parameter ${piece} in ${signature}`);
    const [, name, optionalMarker, typeName, defaultText] = parameterMatch;
    const type = TYPE_NAMES[typeName!];
    if (!type) throw new Error(`unknown type ${typeName} in ${signature}`);
    let defaultValue: unknown;
    if (defaultText !== undefined) {
      const parsed = parsePythonCallList(`f(${defaultText})`);
      if (!parsed.ok) throw new Error(`bad default ${defaultText} in ${signature}`);
      defaultValue = parsed.calls[0]!.positional[0];
    }
    parameters.push({
      name: name!,
      type,
      optional: optionalMarker !== undefined || (defaultText !== undefined && defaultValue === null),
      hasDefault: defaultText !== undefined,
      defaultValue,
    });
  }
  return { name: match[1]!, parameters };
}

/** Map of methods by name, from a list. */
export function methodTable(methods: Method[]): ReadonlyMap<string, Method> {
  return new Map(methods.map((entry) => [entry.name, entry]));
}
