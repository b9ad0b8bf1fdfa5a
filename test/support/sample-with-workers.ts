// A process whose only pending work at top level is a sampling job on worker threads: it must finish
// and print what it sampled (a regression check for workers that let the event loop empty mid-job).
import { createBuiltinAgent } from '../../src/policies/builtin/index.ts';
import { echoDomain } from './echo-domain.ts';

const agent = await createBuiltinAgent({
  domain: echoDomain,
  options: { size: 'tiny', merges: 16, warmStartEpochs: 0, maxResponseTokens: 8, workers: 2 },
  seed: 1,
});
const prompts = echoDomain
  .seeds()
  .slice(0, 4)
  .map((seed, index) => {
    const result = echoDomain.instantiate(seed.spec, 1, index);
    if (!result.ok) throw new Error(result.reason);
    return echoDomain.render(result.instances[0]!);
  });
const completions = await agent.act(prompts, { samples: 3, seed: 2 });
process.stdout.write(`sampled ${completions.flat().length}\n`);
await agent.close?.();
