import { describe, expect, it } from 'vitest';
import { accuracyText, figure } from './figures.ts';

describe('figure', () => {
  it('rounds to three decimals and drops trailing zeros', () => {
    expect(figure(0.7333333333333333)).toBe('0.733');
    expect(figure(0.5)).toBe('0.5');
    expect(figure(1)).toBe('1');
    expect(figure(0.0004)).toBe('0');
    expect(figure(12.34567, 1)).toBe('12.3');
    expect(figure(Number.NaN)).toBe('NaN');
  });
});

describe('accuracyText', () => {
  it('names each held-out set with its rounded accuracy', () => {
    expect(accuracyText({ 'test-id': 0.31666666666666665, 'test-hard': 0.017391304347826087 })).toBe(
      'test-id 0.317, test-hard 0.017',
    );
    expect(accuracyText({})).toBe('none');
  });
});
