import {
  describeAgentPolicyContract,
  describeTrainableAgentContract,
  describeTrainableSimulatorContract,
} from '../../test/contracts/policy-contract.ts';
import { createArithmeticDomain } from '../domains/arithmetic/index.ts';
import { OraclePolicy } from './oracle.ts';
import { ParametricSimulator } from './parametric/parametric-simulator.ts';
import { SimulatedStudent } from './student/student.ts';

describeTrainableAgentContract('student', async () => new SimulatedStudent());
describeAgentPolicyContract('oracle', async () => new OraclePolicy());
describeTrainableSimulatorContract('parametric', async () => new ParametricSimulator(createArithmeticDomain()));

// The built-in neural policies, tiny so that the suite stays fast on two cores.
const tiny = { size: 'tiny', warmStartEpochs: 1, maxResponseTokens: 16, merges: 8 };
describeTrainableAgentContract('builtin agent', async () => {
  const { createBuiltinAgent } = await import('./builtin/index.ts');
  return createBuiltinAgent({ domain: createArithmeticDomain(), options: tiny, seed: 1 });
});
describeTrainableSimulatorContract('builtin simulator', async () => {
  const { createBuiltinSimulator } = await import('./builtin/index.ts');
  return createBuiltinSimulator({ domain: createArithmeticDomain(), options: tiny, seed: 1 });
});
