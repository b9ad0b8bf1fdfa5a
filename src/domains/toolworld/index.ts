/**
 * toolworld: the built-in tool-calling domain (API-Bank / BFCL style).
 *
 * - 16 tools in 7 families (alarms, contacts and messages, weather, conversion, calculator, calendar,
 *   orders) run against a seeded in-memory world; 26 intents are chains of 1–3 calls where later calls
 *   use earlier results through `$1`, `$2`.
 * - Spec (what the simulator writes), compact: `temp_text|p1|w2|c0|d:mul,cancel_alarm|s:city=Oslo`
 *   (intent | phrasing rarity | values in words | irrelevant context | distractor tools | fixed slots).
 * - Agent answer, compact: `get_temp(city=Oslo);convert(value=$1,from=C,to=F);send_text(to=Ann,text=$2)`;
 *   OpenAI tool_calls and `<tool_call>` JSON blocks are read too. Scoring is exact sequence match.
 * - Prompt text for the built-in model: `tools: get_temp convert send_text mul\n<request>`.
 */
export { createToolWorld } from './domain.ts';
export { ToolWorldOptionsSchema, type ToolWorldOptions } from './options.ts';
export { ToolWorldSpecSchema, MAX_DISTRACTORS, type ToolWorldSpec } from './spec.ts';
export type { ToolWorldPayload } from './variation.ts';
export { formatToolWorldSpec, parseToolWorldSpec } from './compact-spec.ts';
export { formatCalls, parseCompletionCalls, parseCompactCalls, parseToolCallBlocks } from '../tool-call-syntax.ts';
export { TOOLS, TOOL_NAMES, toolSchema, toolSignature, type Tool } from './tools.ts';
export { INTENTS, type Intent } from './intents.ts';
export { TOOLWORLD_KNOBS, toolWorldKnobValuesOf, toolWorldSpecFromKnobs } from './knobs.ts';
export { difficultyOf } from './features.ts';
export { HELD_OUT_VERSION } from './datasets.ts';
