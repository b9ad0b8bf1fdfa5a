import { describe, expect, it } from 'vitest';
import { createClausesWorld } from '../../domains/clauses/index.ts';
import type { SimulatorContext } from '../../interfaces/simulator.ts';
import { Tokenizer } from '../../models/tokenizer.ts';
import { promptTokens, simulatorContextText } from './prompt-text.ts';

const domain = createClausesWorld({ heldOutSize: 1 });
const [seed] = domain.seeds();
const context: SimulatorContext = {
  id: 'c',
  seed: seed!,
  stats: { family: seed!.family, taskTypes: 4, recentSuccess: 0.46 },
  targetSuccess: 0.5,
};
const spec = (text: string) => {
  const parsed = domain.parseSpec(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.value;
};

describe("the built-in simulator's context text", () => {
  it("is the seed's family and spec, recent success and target without a history", () => {
    expect(simulatorContextText(domain, context)).toBe(
      `family: find\nseed: ${domain.formatSpec(seed!.spec)}\nrecent: 0.5\ntarget: 0.5`,
    );
  });

  it('shows each task type of its history with its p̂ to a tenth, before the rest', () => {
    const history = [
      { spec: spec('role,not team,city'), successRate: 0.27 },
      { spec: spec('any age'), successRate: 0.96 },
    ];
    expect(simulatorContextText(domain, { ...context, history }).split('\n')).toEqual([
      'seen 0.3: role,not team,city',
      'seen 1.0: any age',
      'family: find',
      `seed: ${domain.formatSpec(seed!.spec)}`,
      'recent: 0.5',
      'target: 0.5',
    ]);
  });

  it('names the knob values of the cell the frontier sampler drew, before the recent success', () => {
    const cell = { constraints: 3, distractors: 12 };
    expect(simulatorContextText(domain, { ...context, cell }).split('\n')).toEqual([
      'family: find',
      `seed: ${domain.formatSpec(seed!.spec)}`,
      'cell: constraints 3, distractors 12',
      'recent: 0.5',
      'target: 0.5',
    ]);
  });

  it('loses the oldest history lines, never the seed or the target, when the text is too long for the context', () => {
    const tokenizer = new Tokenizer([], 'none');
    const history = Array.from({ length: 12 }, (_, index) => ({
      spec: spec('role,not team,any city,age,floor,desk'),
      successRate: index / 11,
    }));
    const text = simulatorContextText(domain, { ...context, history });
    const tokens = promptTokens(tokenizer, text, 256, 96);
    expect(tokens).toHaveLength(256 - 96);
    const kept = tokenizer.decode(tokens.slice(1, -1));
    expect(kept.endsWith(`seed: ${domain.formatSpec(seed!.spec)}\nrecent: 0.5\ntarget: 0.5`)).toBe(true);
    expect(kept).toContain('seen 1.0: role,not team,any city,age,floor,desk');
    expect(kept).not.toContain('seen 0.0:');
  });
});
