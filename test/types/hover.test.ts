import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LadderOptionsSchema } from '../../src/domains/ladder/options.ts';
import { RunConfigSchema } from '../../src/interfaces/config.ts';
import { AgentOptionsSchema, SimulatorOptionsSchema } from '../../src/policies/builtin/options.ts';
import { startLanguageServer } from './language-server.ts';

/**
 * What an editor shows on hovering a config written against the library's types (test/types/hover-fixture.ts), asked
 * of the repository's own TypeScript through its language server: each field and option with its schema's
 * description, range and default.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = join(root, 'test', 'types', 'hover-fixture.ts');

/** Hover text with its doc comment's line breaks as spaces. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** The JSON schema of `schema`'s field `key` (its description, bounds and default), as the input types are written. */
const field = (schema: z.ZodType, key: string) =>
  (
    z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
      properties: Record<string, { description: string }>;
    }
  ).properties[key]!;

describe('hovering a CoevolutionConfig', { timeout: 120_000 }, () => {
  let server: Awaited<ReturnType<typeof startLanguageServer>>;
  beforeAll(async () => {
    server = await startLanguageServer(root);
  });
  afterAll(() => server?.close());

  it("shows a field's description and range", async () => {
    const text = flat(await server.hover(fixture, 'epochs'));
    expect(text).toContain('RunConfigFields.epochs?: number | undefined');
    expect(text).toContain(field(RunConfigSchema, 'epochs').description);
    expect(text).toContain('An integer from 1 to 100000.');
  });

  it("shows a named backend's option with its description, range and default", async () => {
    const text = flat(await server.hover(fixture, 'learningRate'));
    expect(text).toContain('BuiltinAgentOptionsInput.learningRate?: number | undefined');
    expect(text).toContain(field(AgentOptionsSchema, 'learningRate').description);
    expect(text).toContain('A number in (0, 1]; default `0.002`.');
  });

  it("shows an option of the preset's backend, named without it", async () => {
    const text = flat(await server.hover(fixture, 'explore'));
    expect(text).toContain('BuiltinSimulatorOptionsInput.explore?: number | undefined');
    expect(text).toContain(field(SimulatorOptionsSchema, 'explore').description);
  });

  it("shows a world's option one level in", async () => {
    const text = flat(await server.hover(fixture, 'constraints'));
    const rungs = field(LadderOptionsSchema, 'seedRungs') as unknown as {
      properties: Record<string, { description: string }>;
    };
    expect(text).toContain(rungs.properties.constraints!.description);
    expect(text).toContain('A pair of integers from 1 to 6; default `[1,2]`.');
  });

  it('shows the preset names', async () => {
    const text = flat(await server.hover(fixture, 'preset'));
    expect(text).toContain('"household" | "ladder" | "multihop" | "student" | "toolworld" | "travel"');
  });
});
