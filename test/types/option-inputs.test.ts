/**
 * The documented input types (src/composition/option-inputs.ts) are exactly what their schemas take: the same keys,
 * the same optional ones, the same types; only their doc comments are added.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type {
  ArithmeticOptionsInput,
  ArithmeticOptionsSchema,
  BuiltinAgentOptionsInput,
  BuiltinAgentOptionsSchema,
  BuiltinSimulatorOptionsInput,
  BuiltinSimulatorOptionsSchema,
  HouseholdOptionsInput,
  HouseholdOptionsSchema,
  LadderOptionsInput,
  LadderOptionsSchema,
  MultihopOptionsInput,
  MultihopOptionsSchema,
  OpenAIAgentOptionsInput,
  OpenAIAgentOptionsSchema,
  OpenAISimulatorOptionsInput,
  OpenAISimulatorOptionsSchema,
  ParametricOptionsInput,
  ParametricOptionsSchema,
  RunConfigFields,
  RunConfigInput,
  StudentOptionsInput,
  StudentOptionsSchema,
  ToolWorldOptionsInput,
  ToolWorldOptionsSchema,
  TrainerHookOptionsInput,
  TrainerHookOptionsSchema,
  TravelOptionsInput,
  TravelOptionsSchema,
  z,
} from 'genenv';

describe('the option input types', () => {
  it("are the players' schemas' input types", () => {
    expectTypeOf<BuiltinAgentOptionsInput>().toEqualTypeOf<z.input<typeof BuiltinAgentOptionsSchema>>();
    expectTypeOf<BuiltinSimulatorOptionsInput>().toEqualTypeOf<z.input<typeof BuiltinSimulatorOptionsSchema>>();
    expectTypeOf<OpenAIAgentOptionsInput>().toEqualTypeOf<z.input<typeof OpenAIAgentOptionsSchema>>();
    expectTypeOf<OpenAISimulatorOptionsInput>().toEqualTypeOf<z.input<typeof OpenAISimulatorOptionsSchema>>();
    expectTypeOf<TrainerHookOptionsInput>().toEqualTypeOf<z.input<typeof TrainerHookOptionsSchema>>();
    expectTypeOf<StudentOptionsInput>().toEqualTypeOf<z.input<typeof StudentOptionsSchema>>();
    expectTypeOf<ParametricOptionsInput>().toEqualTypeOf<z.input<typeof ParametricOptionsSchema>>();
  });

  it("are the worlds' schemas' input types", () => {
    expectTypeOf<ArithmeticOptionsInput>().toEqualTypeOf<z.input<typeof ArithmeticOptionsSchema>>();
    expectTypeOf<HouseholdOptionsInput>().toEqualTypeOf<z.input<typeof HouseholdOptionsSchema>>();
    expectTypeOf<LadderOptionsInput>().toEqualTypeOf<z.input<typeof LadderOptionsSchema>>();
    expectTypeOf<MultihopOptionsInput>().toEqualTypeOf<z.input<typeof MultihopOptionsSchema>>();
    expectTypeOf<ToolWorldOptionsInput>().toEqualTypeOf<z.input<typeof ToolWorldOptionsSchema>>();
    expectTypeOf<TravelOptionsInput>().toEqualTypeOf<z.input<typeof TravelOptionsSchema>>();
  });

  it("are the run config's fields, each optional, beside its preset and parts", () => {
    type Parts = 'preset' | 'domain' | 'agent' | 'simulator' | 'offline' | 'computeBackend';
    expectTypeOf<RunConfigFields>().toEqualTypeOf<Partial<Omit<RunConfigInput, Parts>>>();
  });
});
