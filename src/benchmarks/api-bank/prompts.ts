/** Agent prompts for API-Bank turns: the official instruction + dialogue, tool schemas, the gold answer. */
import type { ToolCall, ToolSchema } from '../../interfaces/chat.ts';
import type { AgentPrompt } from '../../interfaces/task.ts';
import { apiRegistry } from './apis/registry.ts';
import type { ApiDescription } from './apis/tool-searcher.ts';
import { convertArguments } from './argument-conversion.ts';
import { extractFixedCalls } from './call-extraction.ts';
import type { ApiBankItem } from './dataset.ts';

const jsonTypes: Record<string, Record<string, unknown>> = {
  str: { type: 'string' },
  int: { type: 'integer' },
  float: { type: 'number' },
  bool: { type: 'boolean' },
  list: { type: 'array' },
  'list(str)': { type: 'array', items: { type: 'string' } },
};

/** The API descriptions printed in an instruction (JSON lines after "API descriptions:"). */
export function instructionDescriptions(instruction: string): ApiDescription[] {
  return (instruction.split('API descriptions:')[1] ?? '')
    .split('\n')
    .filter((line) => line.trim().startsWith('{'))
    .map((line) => JSON.parse(line) as ApiDescription);
}

/** OpenAI function schema of one API description; required = parameters without a default in the port. */
export function toolSchema(description: ApiDescription): ToolSchema {
  const properties: Record<string, unknown> = {};
  for (const [name, parameter] of Object.entries(description.input_parameters)) {
    properties[name] = { ...(jsonTypes[parameter.type] ?? { type: 'string' }), description: parameter.description };
  }
  const required = apiRegistry.get(description.name)?.required ?? Object.keys(description.input_parameters);
  return {
    type: 'function',
    function: {
      name: description.name,
      description: description.description,
      parameters: { type: 'object', properties, required },
    },
  };
}

/** The gold call as a tool call: fixed-mode parsing and conversion (list literals as arrays, ints as numbers). */
export function goldToolCalls(expectedOutput: string): ToolCall[] {
  return extractFixedCalls(expectedOutput).map((call) => {
    const api = apiRegistry.get(call.name);
    const converted = api ? convertArguments(api, call.arguments, 'fixed') : undefined;
    return { name: call.name, arguments: converted?.ok ? converted.arguments : call.arguments };
  });
}

/**
 * Scalar difficulty on an open scale: arguments to fill, +1 at level 2 (retrieve before calling), and
 * a tenth per earlier dialogue turn (longer context); response turns grow with the reply's length.
 */
export function itemDifficulty(item: ApiBankItem, toolCalls: ToolCall[]): number {
  const turns = item.input.split('\n').filter((line) => /^(User|AI|API-Request):/.test(line)).length;
  if (item.kind === 'response') return 0.5 + item.expectedOutput.split(/\s+/).length / 20 + turns / 10;
  const argumentCount = toolCalls.reduce((sum, call) => sum + Object.keys(call.arguments).length, 0);
  return argumentCount + (item.level === 2 ? 1 : 0) + turns / 10;
}

/** One prompt per item; `text` is the official instruction followed by the dialogue. */
export function buildPrompt(item: ApiBankItem): AgentPrompt {
  const toolCalls = item.kind === 'api' ? goldToolCalls(item.expectedOutput) : [];
  const tools = item.kind === 'api' ? instructionDescriptions(item.instruction).map(toolSchema) : undefined;
  return {
    id: item.id,
    family: `api-bank/level-${item.level}/${item.kind}`,
    text: `${item.instruction}\n${item.input}`,
    messages: [
      { role: 'system', content: item.instruction },
      { role: 'user', content: item.input },
    ],
    ...(tools ? { tools } : {}),
    maxResponseTokens: Math.ceil(item.expectedOutput.length / 3) + 16,
    reference: {
      answer: item.expectedOutput,
      ...(item.kind === 'api' ? { toolCalls } : {}),
      difficulty: itemDifficulty(item, toolCalls),
    },
  };
}
