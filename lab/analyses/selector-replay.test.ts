import { describe, expect, it } from 'vitest';
import { createDomain } from '../../src/index.ts';
import { replayPredictor } from './selector-replay.ts';

describe('the success predictor replayed on a run', () => {
  it("predicts each epoch's task types from the epochs before it, and chooses those nearest α", async () => {
    const domain = await createDomain('clauses', { heldOutSize: 4 });
    // A world where `not` is what fails: a composition with more ruled-out clauses is solved less often.
    const specs = ['role', 'role,city', 'not team', 'not team,not role', 'role,not team', 'city,not desk,age'];
    const taskTypes = [1, 2, 3].flatMap((epoch) =>
      specs.map((text) => {
        const spec = (domain.parseSpec(text) as { ok: true; value: unknown }).value;
        const ruledOut = text.split('not').length - 1;
        const successes = [32, 16, 0][Math.min(ruledOut, 2)]!;
        return { epoch, spec, successes, attempts: 32 };
      }),
    );
    const evidence = taskTypes.map(({ epoch, spec, successes, attempts }) => ({ epoch, spec, successes, attempts }));
    const figures = replayPredictor(
      domain,
      evidence,
      taskTypes.filter((taskType) => taskType.epoch >= 2),
      { order: 1, decay: 1, pool: 3, ridge: 0.1 },
      { alpha: 0.5, kMin: 0.1 },
    );
    expect(figures.epochs).toBe(2);
    expect(figures.correlation).toBeGreaterThan(0.9);
    // Three of six (one clause ruled out) are solved half the time; the two chosen are among them.
    expect(figures.allInBand).toBeCloseTo(1 / 2);
    expect(figures.chosenInBand).toBe(1);
  });
});
