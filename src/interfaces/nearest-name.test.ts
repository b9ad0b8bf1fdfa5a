import { describe, expect, it } from 'vitest';
import { editDistance, nearestName } from './nearest-name.ts';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and adjacent swaps, each as one', () => {
    expect(editDistance('option', 'options')).toBe(1);
    expect(editDistance('learningRate', 'learningRte')).toBe(1);
    expect(editDistance('kMin', 'kmin')).toBe(1);
    expect(editDistance('alpah', 'alpha')).toBe(1);
    expect(editDistance('studnet', 'student')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('is 0 for the same name and the other length from an empty one', () => {
    expect(editDistance('seed', 'seed')).toBe(0);
    expect(editDistance('', 'epochs')).toBe(6);
    expect(editDistance('epochs', '')).toBe(6);
  });
});

describe('nearestName', () => {
  const config = ['policy', 'options'];

  it('names the known name one typo away', () => {
    expect(nearestName('option', config)).toBe('options');
    expect(nearestName('polcy', config)).toBe('policy');
    expect(nearestName('learningRte', ['learningRate', 'warmStartLearningRate'])).toBe('learningRate');
  });

  it('allows one change per four characters of the longer name, and at least one', () => {
    expect(nearestName('warmstartepochs', ['warmStartEpochs'])).toBe('warmStartEpochs');
    expect(nearestName('x', ['n'])).toBe('n');
    expect(nearestName('seed', ['send'])).toBe('send');
    expect(nearestName('seed', ['sand'])).toBeUndefined();
  });

  it('names nothing for a word unlike every known name, or for a known name', () => {
    expect(nearestName('bogus', config)).toBeUndefined();
    expect(nearestName('options', config)).toBeUndefined();
    expect(nearestName('anything', [])).toBeUndefined();
  });

  it('prefers the nearer name, then the first of equals', () => {
    expect(nearestName('epoch', ['epochs', 'epochs2'])).toBe('epochs');
    expect(nearestName('ab', ['ax', 'xb'])).toBe('ax');
  });
});
