import type { AgentPolicy, AgentPrompt, Completion, SampleOptions } from '../interfaces/index.ts';

/** The oracle answers every prompt with its gold reference: the ceiling any scorer must award 100%. */
export class OraclePolicy implements AgentPolicy {
  readonly name = 'oracle';
  async act(prompts: AgentPrompt[], options: SampleOptions): Promise<Completion[][]> {
    return prompts.map((prompt) =>
      Array.from({ length: options.samples }, () => ({
        text: prompt.reference.answer,
        ...(prompt.reference.toolCalls ? { toolCalls: prompt.reference.toolCalls } : {}),
        policyVersion: 'oracle',
      })),
    );
  }
}
