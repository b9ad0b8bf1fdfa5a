import { describe, expect, it } from 'vitest';
import { GenEnvError } from '../interfaces/index.ts';
import { createOpenAIAgent, createOpenAISimulator } from './openai/index.ts';
import { parseOptions } from './options.ts';
import { ParametricOptionsSchema, ParametricSimulator } from './parametric/parametric-simulator.ts';
import { SimulatedStudent } from './student/student.ts';
import { createArithmeticDomain } from '../domains/arithmetic/index.ts';

const messageOf = (make: () => unknown) => {
  try {
    make();
  } catch (error) {
    expect(error).toBeInstanceOf(GenEnvError);
    expect((error as GenEnvError).code).toBe('config');
    return (error as GenEnvError).message;
  }
  throw new Error('accepted');
};

describe('backend options', () => {
  it('name a bad value where the run config holds it, in one line', () => {
    expect(messageOf(() => new SimulatedStudent({ slope: 0 }))).toMatch(/^agent\.options\.slope: Too small/);
    expect(messageOf(() => parseOptions(ParametricOptionsSchema, { steps: 'many' }, 'simulator.options'))).toMatch(
      /^simulator\.options\.steps: /,
    );
    expect(messageOf(() => parseOptions(ParametricOptionsSchema, 7, 'simulator.options'))).toMatch(
      /^simulator\.options: /,
    );
  });

  it('refuse an unknown key with the option it most likely meant', () => {
    expect(messageOf(() => new SimulatedStudent({ learningRte: 0.1 }))).toBe(
      'agent.options.learningRte: unknown key; did you mean learningRate?',
    );
    const domain = createArithmeticDomain();
    expect(messageOf(() => new ParametricSimulator(domain, { klCapp: 1 }))).toBe(
      'simulator.options.klCapp: unknown key; did you mean klCap?',
    );
    expect(messageOf(() => new ParametricSimulator(domain, { bogus: 1 }))).toBe('simulator.options.bogus: unknown key');
  });

  it('of the OpenAI-compatible policies are checked alike', async () => {
    const spec = 'openai:http://127.0.0.1:1/v1#m';
    await expect(createOpenAIAgent({ spec, options: { concurency: 2 }, seed: 1 })).rejects.toThrow(
      /^agent\.options\.concurency: unknown key; did you mean concurrency\?$/,
    );
    const domain = createArithmeticDomain();
    await expect(createOpenAISimulator({ spec, domain, options: { exemplar: 2 }, seed: 1 })).rejects.toThrow(
      /^simulator\.options\.exemplar: unknown key; did you mean exemplars\?$/,
    );
  });
});
