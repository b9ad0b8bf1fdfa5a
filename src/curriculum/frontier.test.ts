import { describe, expect, it } from 'vitest';
import {
  type CellObservation,
  cellEvidence,
  cellKey,
  cellProbabilities,
  calibrateToTarget,
  cellSuccessRate,
  calibrationOffset,
  drawCells,
  epochCalibrationTarget,
  expectedSuccess,
  type FrontierOptions,
} from './frontier.ts';

const options: FrontierOptions = {
  alpha: 0.5,
  beta: 20,
  decay: 0.5,
  priorStrength: 2,
  calibrate: false,
  calibrateScope: 'draw',
  calibrateGain: 0,
};

describe('frontier sampler over knob cells', () => {
  it('names a cell by its knob values in knob order', () => {
    expect(cellKey({ distractors: 2, constraints: 3 }, ['constraints', 'distractors'])).toBe(
      'constraints=3|distractors=2',
    );
  });

  it('decays older epochs and ignores the current one', () => {
    const observations: CellObservation[] = [
      { cell: 'a', epoch: 1, successes: 4, attempts: 4 },
      { cell: 'a', epoch: 2, successes: 0, attempts: 4 },
      { cell: 'a', epoch: 3, successes: 4, attempts: 4 },
    ];
    const evidence = cellEvidence(observations, 3, 0.5).get('a')!;
    // epoch 2 counts fully, epoch 1 half; epoch 3 is not known at the start of epoch 3.
    expect(evidence.attempts).toBeCloseTo(6, 12);
    expect(evidence.successes).toBeCloseTo(2, 12);
  });

  it('puts an unseen cell at α and moves a seen one by its evidence', () => {
    expect(cellSuccessRate(undefined, options)).toBe(0.5);
    expect(cellSuccessRate({ successes: 0, attempts: 18 }, options)).toBeCloseTo(1 / 20, 12);
    expect(cellSuccessRate({ successes: 18, attempts: 18 }, options)).toBeCloseTo(19 / 20, 12);
  });

  it('draws cells near α most, solved and hopeless cells rarely', () => {
    const evidence = new Map([
      ['solved', { successes: 40, attempts: 40 }],
      ['hopeless', { successes: 0, attempts: 40 }],
      ['frontier', { successes: 20, attempts: 40 }],
    ]);
    const probabilities = cellProbabilities(['solved', 'hopeless', 'frontier'], evidence, options);
    expect(probabilities.reduce((sum, probability) => sum + probability, 0)).toBeCloseTo(1, 12);
    expect(probabilities[2]).toBeGreaterThan(0.9);
    // exp(−20·(0.476 − 0.5)²) against exp(−20·(41/42 − 0.5)²): each extreme cell keeps about 1%.
    expect(probabilities[0]).toBeGreaterThan(0.005);
    expect(probabilities[1]).toBeGreaterThan(0.005);
    expect(probabilities[0]).toBeLessThan(0.05);
  });

  it('with the learnability scorer p̃(1 − p̃), keeps drawing a cell solved three times in four', () => {
    const evidence = new Map([
      ['mostly', { successes: 30, attempts: 40 }],
      ['frontier', { successes: 20, attempts: 40 }],
    ]);
    const gaussian = cellProbabilities(['mostly', 'frontier'], evidence, options);
    const learnability = cellProbabilities(['mostly', 'frontier'], evidence, { ...options, scorer: 'sfl' });
    // p̃ = 31/42 and 21/42: exp(−20·0.057) ≈ 0.32 of the frontier's priority, against (0.738·0.262)/¼ ≈ 0.77.
    expect(gaussian[0]! / gaussian[1]!).toBeCloseTo(Math.exp(-20 * (31 / 42 - 0.5) ** 2), 10);
    expect(learnability[0]! / learnability[1]!).toBeCloseTo(((31 / 42) * (11 / 42)) / 0.25, 10);
    expect(learnability[0]).toBeGreaterThan(gaussian[0]!);
  });

  it('is uniform with no evidence at all', () => {
    const cells = ['a', 'b', 'c', 'd'];
    for (const probability of cellProbabilities(cells, new Map(), options)) expect(probability).toBeCloseTo(0.25, 12);
  });

  it('draws by systematic sampling: each cell ⌊q·count⌋ or ⌈q·count⌉ times', () => {
    const probabilities = [0.5, 0.25, 0.125, 0.125];
    for (const offset of [0, 0.3, 0.99]) {
      const drawn = drawCells(probabilities, 16, offset);
      const counts = probabilities.map((_, cell) => drawn.filter((index) => index === cell).length);
      expect(counts).toEqual([8, 4, 2, 2]);
    }
    const uneven = drawCells([0.7, 0.3], 5, 0.5);
    const first = uneven.filter((index) => index === 0).length;
    expect([3, 4]).toContain(first);
    expect(drawCells([0.2, 0.8], 0, 0.1)).toEqual([]);
  });

  it('tilts a draw so that its expected success is α, keeping its support', () => {
    const successRates = [0.9, 0.6, 0.3, 0.1, 0];
    const probabilities = [0.1, 0.2, 0.4, 0.2, 0.1];
    expect(expectedSuccess(probabilities, successRates)).toBeCloseTo(0.35, 12);
    const tilted = calibrateToTarget(probabilities, successRates, 0.5);
    expect(expectedSuccess(tilted, successRates)).toBeCloseTo(0.5, 6);
    expect(tilted.reduce((sum, probability) => sum + probability, 0)).toBeCloseTo(1, 12);
    // Towards the easier cells, and no cell dropped.
    expect(tilted[0]).toBeGreaterThan(probabilities[0]!);
    expect(tilted[4]).toBeLessThan(probabilities[4]!);
    expect(tilted.every((probability) => probability > 0)).toBe(true);
    // Unreachable targets stop at the limit, on the right side.
    expect(expectedSuccess(calibrateToTarget([0.5, 0.5], [0.2, 0.3], 0.9), [0.2, 0.3])).toBeLessThan(0.3);
    expect(expectedSuccess(calibrateToTarget([0.5, 0.5], [0.2, 0.3], 0.9), [0.2, 0.3])).toBeGreaterThan(0.29);
  });

  it('calibrates the frontier draw to α when asked', () => {
    const evidence = new Map([
      ['easy', { successes: 36, attempts: 40 }],
      ['edge', { successes: 16, attempts: 40 }],
      ['hard', { successes: 8, attempts: 40 }],
      ['harder', { successes: 10, attempts: 40 }],
    ]);
    const cells = ['easy', 'edge', 'hard', 'harder'];
    const rates = cells.map((cell) => cellSuccessRate(evidence.get(cell), options));
    expect(expectedSuccess(cellProbabilities(cells, evidence, options), rates)).toBeLessThan(0.45);
    const calibrated = cellProbabilities(cells, evidence, { ...options, calibrate: true });
    expect(expectedSuccess(calibrated, rates)).toBeCloseTo(0.5, 6);
  });

  it('aims the draw so that the whole epoch averages α, counting the task types beside it', () => {
    // 24 draws beside 8 simulator task types at 0.74: the draws must average (0.5·32 − 8·0.74) / 24 = 0.42.
    const others = Array.from({ length: 8 }, () => 0.74);
    expect(epochCalibrationTarget(0.5, others, 24)).toBeCloseTo(0.42, 12);
    const expected = (24 * epochCalibrationTarget(0.5, others, 24) + 8 * 0.74) / 32;
    expect(expected).toBeCloseTo(0.5, 12);
    // Nothing beside the draw, or others at α: the target is α itself.
    expect(epochCalibrationTarget(0.5, [], 24)).toBe(0.5);
    expect(epochCalibrationTarget(0.3, [0.3, 0.3], 6)).toBeCloseTo(0.3, 12);
    // Out of reach: clamped to [0, 1]; no draws: α.
    expect(epochCalibrationTarget(0.5, [1, 1, 1, 1], 1)).toBe(0);
    expect(epochCalibrationTarget(0.5, [0, 0, 0, 0], 1)).toBe(1);
    expect(epochCalibrationTarget(0.5, [0.9], 0)).toBe(0.5);
  });

  it('calibrates the draw to a target other than α when given one', () => {
    const evidence = new Map([
      ['easy', { successes: 36, attempts: 40 }],
      ['edge', { successes: 16, attempts: 40 }],
      ['hard', { successes: 8, attempts: 40 }],
    ]);
    const cells = ['easy', 'edge', 'hard'];
    const rates = cells.map((cell) => cellSuccessRate(evidence.get(cell), options));
    const calibrated = { ...options, calibrate: true };
    expect(expectedSuccess(cellProbabilities(cells, evidence, calibrated, 0.35), rates)).toBeCloseTo(0.35, 6);
    // Without calibration the target changes nothing.
    expect(cellProbabilities(cells, evidence, options, 0.35)).toEqual(cellProbabilities(cells, evidence, options));
  });

  it("integrates the past epochs' distance from α into an offset, clamped at each step", () => {
    // Two epochs 0.05 below α at gain 0.5: the target rises by 0.025 each.
    expect(calibrationOffset([0.45, 0.45], 0.5, 0.5)).toBeCloseTo(0.05, 12);
    // An epoch without generated task types adds nothing; one above α takes back.
    expect(calibrationOffset([0.45, null, 0.55], 0.5, 0.5)).toBeCloseTo(0, 12);
    // Gain 0 is the open loop.
    expect(calibrationOffset([0.1, 0.9, 0.2], 0.5, 0)).toBe(0);
    // A long run of unreachable epochs stops at the limit, and one epoch back moves it at once.
    const wound = Array.from({ length: 40 }, () => 0);
    expect(calibrationOffset(wound, 0.5, 1)).toBe(0.25);
    expect(calibrationOffset([...wound, 1], 0.5, 1)).toBe(-0.25);
    expect(calibrationOffset([...wound, 0.6], 0.5, 1)).toBeCloseTo(0.15, 12);
  });
});
