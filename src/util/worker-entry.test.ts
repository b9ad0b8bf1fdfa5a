import { describe, expect, it } from 'vitest';
import { workerEntry } from './worker-entry.ts';

describe('workerEntry', () => {
  it('names the tsx bootstrap from sources and the compiled body from dist', () => {
    expect(workerEntry('training-worker', 'file:///p/src/models/training-helper.ts').href).toBe(
      'file:///p/src/models/training-worker.js',
    );
    expect(workerEntry('training-worker', 'file:///p/dist/models/training-helper.js').href).toBe(
      'file:///p/dist/models/training-worker-body.js',
    );
  });
});
