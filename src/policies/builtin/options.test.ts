import { describe, expect, it } from 'vitest';
import { GenEnvError } from '../../interfaces/errors.ts';
import {
  AgentOptionsSchema,
  checkpointOptions,
  parseAgentOptions,
  parseSimulatorOptions,
  SimulatorOptionsSchema,
} from './options.ts';

/** The message of the GenEnvError that `attempt` throws (fails the test when it throws nothing else). */
function errorOf(attempt: () => unknown): string {
  try {
    attempt();
  } catch (error) {
    expect(error).toBeInstanceOf(GenEnvError);
    expect((error as GenEnvError).code).toBe('config');
    return (error as GenEnvError).message;
  }
  throw new Error('expected a config error');
}

describe('built-in agent and simulator options', () => {
  it('share the model and warm-start options and keep their own apart', () => {
    const agentKeys = Object.keys(AgentOptionsSchema.shape);
    const simulatorKeys = Object.keys(SimulatorOptionsSchema.shape);
    expect(agentKeys).toContain('rehearsalEpochs');
    expect(simulatorKeys).not.toContain('rehearsalEpochs');
    expect(simulatorKeys).toContain('klCap');
    expect(agentKeys).not.toContain('klCap');
    for (const shared of ['size', 'learningRate', 'warmStartEpochs', 'klCoefficient', 'workers', 'trainThreads'])
      expect(agentKeys.includes(shared) && simulatorKeys.includes(shared)).toBe(true);
  });

  it('name a key given to the wrong role in one line', () => {
    expect(errorOf(() => parseSimulatorOptions({ rehearsalEpochs: 2 }))).toBe(
      'simulator.options.rehearsalEpochs: only the built-in agent takes this option',
    );
    expect(errorOf(() => parseAgentOptions({ klCap: 0.1 }))).toBe(
      'agent.options.klCap: only the built-in simulator takes this option',
    );
    expect(errorOf(() => parseAgentOptions({ unknownKnob: 1 }))).toBe('agent.options.unknownKnob: unknown key');
    expect(errorOf(() => parseAgentOptions({ learningRte: 0.1 }))).toBe(
      'agent.options.learningRte: unknown key; did you mean learningRate?',
    );
    expect(errorOf(() => parseSimulatorOptions({ learningRate: -1 }))).toMatch(/^simulator\.options\.learningRate: /);
  });

  it('resolve the size preset and sort their keys (checkpoints stay byte-identical after a reload)', () => {
    const options = parseSimulatorOptions({ size: 'tiny', klCap: 0.5 });
    expect(options).toMatchObject({ modelWidth: 32, layers: 1, klCap: 0.5 });
    const keys = Object.keys(options);
    expect(keys).toEqual([...keys].sort());
  });

  it("read checkpoints written with both roles' options, dropping the other role's", () => {
    const agent = parseAgentOptions({ size: 'tiny' });
    const legacy = { ...agent, klCap: 0.05 };
    expect(checkpointOptions(legacy, 'agent')).toEqual(agent);
    const simulator = checkpointOptions({ ...legacy, klCap: 0.2 }, 'simulator');
    expect(simulator.klCap).toBe(0.2);
    expect(Object.keys(simulator)).not.toContain('rehearsalEpochs');
  });

  it('read checkpoints that hold retired update options, and refuse those options in a config', () => {
    const agent = parseAgentOptions({ size: 'tiny' });
    const older = { ...agent, guidance: 'none', negativeSamples: 'train', updateWarmupSteps: 0 };
    expect(checkpointOptions(older, 'agent')).toEqual(agent);
    expect(errorOf(() => parseAgentOptions({ guidance: 'failed-groups' }))).toMatch(/^agent\.options.*guidance/);
  });
});
