/**
 * The library's config types refuse what the run refuses. Each `@ts-expect-error` marks a mistake that must not
 * type-check (`tsc --noEmit -p .` fails when one becomes accepted); `expectTypeOf` holds what must. Nothing here runs a
 * co-evolution: the calls sit in functions that are only typed.
 */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type BuiltinAgentOptionsInput,
  type CoevolutionConfig,
  type defaultPreset,
  defineDomain,
  type DomainOptionsOf,
  type ExtraNames,
  type PresetName,
  presets,
  resolveConfig,
  runCoevolution,
  type StudentOptionsInput,
  z,
} from 'genenv';

describe('preset names', () => {
  it('are a literal union: presets is typed by it, defaultPreset is its literal', () => {
    expectTypeOf<PresetName>().toEqualTypeOf<
      'student' | 'ladder' | 'toolworld' | 'household' | 'travel' | 'multihop' | 'clauses'
    >();
    expectTypeOf<keyof typeof presets>().toEqualTypeOf<PresetName>();
    expectTypeOf<typeof defaultPreset>().toEqualTypeOf<'ladder'>();
    expectTypeOf(presets.student).toHaveProperty('agent');
    // @ts-expect-error: no such preset.
    expectTypeOf(presets.studnet).toBeObject();
    // @ts-expect-error: a misspelled preset.
    const misspelled: CoevolutionConfig = { preset: 'studnet' };
    const named: CoevolutionConfig = { preset: 'student', epochs: 3 };
    expectTypeOf(named.preset).toEqualTypeOf<PresetName | undefined>();
    void misspelled;
  });
});

describe('fields', () => {
  it('are the run config schema’s, each of its type', () => {
    // @ts-expect-error: epochs is a number.
    const wrongType: CoevolutionConfig = { epochs: 'two' };
    // @ts-expect-error: a misspelled field.
    const misspelled: CoevolutionConfig = { epoch: 3 };
    // @ts-expect-error: written by genenv run, never set.
    const written: CoevolutionConfig = { computeBackend: 'native' };
    // @ts-expect-error: no such variant.
    const variant: CoevolutionConfig = { variant: 'greedy' };
    expectTypeOf<CoevolutionConfig['alpha']>().toEqualTypeOf<number | undefined>();
    void [wrongType, misspelled, written, variant];
  });
});

describe('players and worlds', () => {
  it('are named by literal unions', () => {
    const served: CoevolutionConfig = {
      agent: { policy: 'openai:http://127.0.0.1:8000/v1#qwen', options: { trainer: { command: 'train.sh' } } },
      simulator: { policy: 'openai:http://127.0.0.1:8000/v1#qwen' },
      domain: { name: 'toolworld' },
    };
    // @ts-expect-error: a misspelled agent.
    const agent: CoevolutionConfig = { agent: { policy: 'studnet' } };
    // @ts-expect-error: the parametric simulator is no agent.
    const role: CoevolutionConfig = { agent: { policy: 'parametric' } };
    // @ts-expect-error: a served model is named with its model after #.
    const model: CoevolutionConfig = { simulator: { policy: 'openai:http://127.0.0.1:8000/v1' } };
    // @ts-expect-error: no such world.
    const world: CoevolutionConfig = { domain: { name: 'ladr' } };
    // @ts-expect-error: a served agent is trained by its trainer hook, which it needs.
    const untrained: CoevolutionConfig = { agent: { policy: 'openai:http://x/v1#m', options: { concurrency: 4 } } };
    void [served, agent, role, model, world, untrained];
  });

  it("take each backend's own options, and refuse a misspelled or foreign one", () => {
    const student: CoevolutionConfig = { agent: { policy: 'student', options: { slope: 1.2 } } };
    // @ts-expect-error: a misspelled option.
    const misspelled: CoevolutionConfig = { agent: { policy: 'builtin', options: { learningRte: 1e-3 } } };
    // @ts-expect-error: an option of the built-in agent, not of the student.
    const foreign: CoevolutionConfig = { agent: { policy: 'student', options: { workers: 2 } } };
    // @ts-expect-error: slope is a number.
    const wrongType: CoevolutionConfig = { agent: { policy: 'student', options: { slope: 'steep' } } };
    // @ts-expect-error: the household world has no worldSeed.
    const world: CoevolutionConfig = { domain: { name: 'household', options: { worldSeed: 3 } } };
    type AgentOptions = NonNullable<Extract<NonNullable<CoevolutionConfig['agent']>, { policy: 'builtin' }>['options']>;
    expectTypeOf<AgentOptions>().toEqualTypeOf<BuiltinAgentOptionsInput>();
    void [student, misspelled, foreign, wrongType, world];
  });

  it("merge over the preset's part without naming its backend, as docs/library.md says", () => {
    const config: CoevolutionConfig = {
      preset: 'ladder',
      agent: { options: { learningRate: 1e-4 } },
      simulator: { options: null },
      domain: { options: { worldSeed: 7 } },
    };
    // @ts-expect-error: an option no backend has, named without a backend.
    const misspelled: CoevolutionConfig = { agent: { options: { learningRte: 1e-4 } } };
    // @ts-expect-error: a world option no world has.
    const world: CoevolutionConfig = { domain: { options: { worldSed: 7 } } };
    expectTypeOf(resolveConfig).toBeCallableWith(config);
    void [misspelled, world];
  });

  it('admit the names a caller registers, each with its own options', () => {
    interface Registered extends ExtraNames {
      domains: { sorting: { heldOutSize?: number } };
      agents: { rules: { greedy?: boolean } };
      simulators: Record<never, never>;
    }
    const config: CoevolutionConfig<Registered> = {
      domain: { name: 'sorting', options: { heldOutSize: 8 } },
      agent: { policy: 'rules', options: { greedy: true } },
      simulator: { policy: 'parametric', options: { klCap: 0.2 } },
    };
    // @ts-expect-error: a registered world's misspelled option.
    const misspelled: CoevolutionConfig<Registered> = { domain: { name: 'sorting', options: { heldOutSze: 8 } } };
    // @ts-expect-error: registered as an agent, not as a simulator.
    const role: CoevolutionConfig<Registered> = { simulator: { policy: 'rules' } };
    // @ts-expect-error: without registering it, the name is refused.
    const unregistered: CoevolutionConfig = { domain: { name: 'sorting' } };
    expectTypeOf(resolveConfig<Registered>).toBeCallableWith(config);
    void [misspelled, role, unregistered];
  });
});

describe('a world given to runCoevolution', () => {
  const createCounting = defineDomain({
    name: 'counting',
    options: z.strictObject({ seedTasks: z.number().int().min(1).default(4) }),
    world: ({ seedTasks }) => ({
      version: '1',
      specSchema: z.strictObject({ upTo: z.number().int().min(1) }),
      knobs: [],
      specFromKnobs: () => ({ ok: false, reason: 'no knobs' }),
      parseSpec: (text) => ({ ok: true, value: { upTo: Number(text) } }),
      formatSpec: (spec) => String(spec.upTo),
      family: () => 'count',
      features: (spec) => ({ difficulty: spec.upTo }),
      variation: (spec, seed, index) => ({
        ok: true,
        instance: { id: `${spec.upTo}-${seed}-${index}`, payload: spec },
      }),
      seeds: () => Array.from({ length: seedTasks }, (_, index) => ({ id: `s${index}`, spec: { upTo: index + 1 } })),
      heldOut: () => [],
      render: (instance) => ({
        id: instance.id,
        family: instance.family,
        text: `count to ${instance.payload.upTo}`,
        messages: [],
        reference: { answer: String(instance.payload.upTo), difficulty: instance.payload.upTo },
      }),
      score: () => ({ reward: 0, success: false }),
    }),
  });

  it('is named in the config with the options its factory takes', () => {
    expectTypeOf<DomainOptionsOf<typeof createCounting>>().toEqualTypeOf<{ seedTasks?: number | undefined }>();
    const domains = { counting: createCounting };
    const run = () => runCoevolution({ domain: { name: 'counting', options: { seedTasks: 2 } } }, { domains });
    // @ts-expect-error: the world's misspelled option.
    const misspelled = () => runCoevolution({ domain: { name: 'counting', options: { seedTaks: 2 } } }, { domains });
    // @ts-expect-error: a world not given.
    const missing = () => runCoevolution({ domain: { name: 'counting' } });
    expectTypeOf(run).returns.resolves.toHaveProperty('summary');
    void [misspelled, missing];
  });
});

describe('the option input types', () => {
  it('are what the schemas take', () => {
    expectTypeOf<StudentOptionsInput>().toEqualTypeOf<{
      initialAbility?: number;
      warmStartGain?: number;
      learningRate?: number;
      rehearsalGain?: number;
      slope?: number;
    }>();
  });
});
