/**
 * Executes calls against live environment instances the way the official
 * `execute_multi_turn_func_call` does: method names resolve to the involved class that defines
 * them (later classes win), each call's result is recorded as a string (str as is, dict via
 * json.dumps, else str()), and any exception becomes "Error during execution: <message>".
 */
import { GenEnvError } from '../../interfaces/errors.ts';
import type { EnvironmentInstance, Method, Parameter } from './environment.ts';
import { GorillaFileSystem } from './environments/file-system.ts';
import { MathApi } from './environments/math-api.ts';
import { MessageApi } from './environments/message-api.ts';
import { TwitterApi } from './environments/posting-api.ts';
import { TicketApi } from './environments/ticket-api.ts';
import { TradingBot } from './environments/trading-bot.ts';
import { TravelApi } from './environments/travel-booking.ts';
import { VehicleControlApi } from './environments/vehicle-control.ts';
import type { LongContextConstants } from './long-context.ts';
import type { PythonCall } from './python-call-parser.ts';
import { PyFloat } from './python-float.ts';
import {
  deepCopy,
  executionResultString,
  isDict,
  pythonTruthy,
  pythonTypeName,
  PythonValueError,
} from './python-values.ts';

/** The class names the official suite knows, mapped to their ports. */
export const ENVIRONMENT_CLASSES = [
  'GorillaFileSystem',
  'MathAPI',
  'MessageAPI',
  'TwitterAPI',
  'TicketAPI',
  'TradingBot',
  'TravelAPI',
  'VehicleControlAPI',
] as const;
export type EnvironmentClassName = (typeof ENVIRONMENT_CLASSES)[number];

/** Names the official executor refuses to evaluate. */
const FORBIDDEN_NAMES = new Set(['kill', 'exit', 'quit', 'remove', 'unlink', 'popen', 'Popen', 'run']);

function instantiate(
  className: string,
  scenario: Record<string, unknown>,
  longContext: boolean,
  constants: LongContextConstants,
): EnvironmentInstance {
  switch (className) {
    case 'GorillaFileSystem':
      return new GorillaFileSystem(scenario, longContext, constants);
    case 'MathAPI':
      return new MathApi();
    case 'MessageAPI':
      return new MessageApi(scenario);
    case 'TwitterAPI':
      return new TwitterApi(scenario);
    case 'TicketAPI':
      return new TicketApi(scenario);
    case 'TradingBot':
      return new TradingBot(scenario, longContext, constants);
    case 'TravelAPI':
      return new TravelApi(scenario, longContext, constants);
    case 'VehicleControlAPI':
      return new VehicleControlApi(scenario, longContext, constants);
    default:
      throw new GenEnvError('benchmark', `BFCL environment class ${className} is not supported`);
  }
}

/** The live instances of one test entry, with the method-name → instance map. */
export class EnvironmentSet {
  readonly instances: ReadonlyMap<string, EnvironmentInstance>;
  private readonly owners = new Map<string, EnvironmentInstance>();

  /**
   * Loads every involved class from a deep copy of its `initial_config` section.
   * `longContext` is true for the long-context category (it adds the extensions).
   */
  constructor(
    initialConfig: Record<string, unknown>,
    involvedClasses: readonly string[],
    longContext: boolean,
    constants: LongContextConstants,
  ) {
    const instances = new Map<string, EnvironmentInstance>();
    for (const className of involvedClasses) {
      const section = initialConfig[className];
      const instance = instantiate(className, deepCopy(isDict(section) ? section : {}), longContext, constants);
      instances.set(className, instance);
      for (const name of instance.methods.keys()) this.owners.set(name, instance);
    }
    this.instances = instances;
  }

  /** Runs calls in order; returns one result string per call. */
  execute(calls: readonly PythonCall[]): string[] {
    return calls.map((call) => this.executeOne(call, true));
  }

  /**
   * Runs calls for their effect on the state only (skips printing results, which is costly for long-context results).
   */
  apply(calls: readonly PythonCall[]): void {
    for (const call of calls) this.executeOne(call, false);
  }

  private executeOne(call: PythonCall, record: boolean): string {
    try {
      const bareName = call.name.includes('.') ? call.name.split('.').pop()! : call.name;
      if (FORBIDDEN_NAMES.has(bareName)) throw new PythonValueError(`Function call ${bareName} is not allowed.`);
      // A dotted name keeps its prefix, which names nothing in the official eval namespace.
      if (call.name.includes('.')) throw new PythonValueError(`name '${call.name.split('.')[0]}' is not defined`);
      const owner = this.owners.get(call.name);
      const target = owner?.methods.get(call.name);
      if (!owner || !target) throw new PythonValueError(`name '${call.name}' is not defined`);
      const args = bindArguments(`${owner.className}.${target.name}`, target, call);
      const result = target.run(args);
      return record ? executionResultString(result) : '';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return `Error during execution: ${message}`;
    }
  }

  /** Public state per class, for the state check. */
  publicStates(): Map<string, Record<string, unknown>> {
    return new Map([...this.instances].map(([name, instance]) => [name, instance.publicState()]));
  }
}

/** Checks one argument against its annotation the way Python would fail on it; returns the value to use. */
function coerce(qualifiedName: string, parameter: Parameter, value: unknown): unknown {
  if (value === null && parameter.optional) return null;
  const mismatch = (): never => {
    throw new PythonValueError(
      `${qualifiedName}() argument '${parameter.name}' must be ${parameter.type}, not ${pythonTypeName(value)}`,
    );
  };
  switch (parameter.type) {
    case 'any':
      return value;
    // Python tests these with `if value:` only.
    case 'bool':
      return pythonTruthy(value);
    case 'str':
      return typeof value === 'string' ? value : mismatch();
    case 'int':
    case 'float':
      if (typeof value === 'boolean') return Number(value);
      return typeof value === 'number' || value instanceof PyFloat ? value : mismatch();
    case 'list':
      return Array.isArray(value) ? value : mismatch();
    case 'dict':
      return isDict(value) ? value : mismatch();
  }
}

/**
 * Python's argument binding: positional arguments fill parameters in order, keywords by name,
 * defaults fill the rest; the TypeError texts follow CPython's.
 */
export function bindArguments(qualifiedName: string, target: Method, call: PythonCall): Record<string, unknown> {
  const parameters = target.parameters;
  if (call.positional.length > parameters.length) {
    throw new PythonValueError(
      `${qualifiedName}() takes ${parameters.length + 1} positional arguments but ${call.positional.length + 1} ` +
        `were given`,
    );
  }
  const bound: Record<string, unknown> = {};
  call.positional.forEach((value, position) => {
    bound[parameters[position]!.name] = value;
  });
  for (const [name, value] of Object.entries(call.keywords)) {
    if (!parameters.some((parameter) => parameter.name === name)) {
      throw new PythonValueError(`${qualifiedName}() got an unexpected keyword argument '${name}'`);
    }
    if (Object.hasOwn(bound, name))
      throw new PythonValueError(`${qualifiedName}() got multiple values for argument '${name}'`);
    bound[name] = value;
  }
  const missing = parameters
    .filter((parameter) => !Object.hasOwn(bound, parameter.name) && !parameter.hasDefault)
    .map((parameter) => `'${parameter.name}'`);
  if (missing.length > 0) {
    const list =
      missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing[missing.length - 1]}`;
    throw new PythonValueError(
      `${qualifiedName}() missing ${missing.length} required positional ` +
        `argument${missing.length === 1 ? '' : 's'}: ${list}`,
    );
  }
  const args: Record<string, unknown> = {};
  for (const parameter of parameters) {
    // Python evaluates literals afresh on every call: copies keep calls from sharing (and mutating) one list.
    args[parameter.name] = deepCopy(
      Object.hasOwn(bound, parameter.name)
        ? coerce(qualifiedName, parameter, bound[parameter.name])
        : parameter.defaultValue,
    );
  }
  return args;
}

/** Binds a call's positional arguments to parameter names (for canonical keyword-form answers). */
export function namedArguments(environment: EnvironmentSet, call: PythonCall): Record<string, unknown> {
  const owner = [...environment.instances.values()].reverse().find((instance) => instance.methods.has(call.name));
  const target = owner?.methods.get(call.name);
  if (!target) return { ...call.keywords };
  const named: Record<string, unknown> = {};
  call.positional.forEach((value, position) => {
    const parameter = target.parameters[position];
    if (parameter) named[parameter.name] = value;
  });
  return { ...named, ...call.keywords };
}
