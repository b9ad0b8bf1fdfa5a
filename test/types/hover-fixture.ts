/**
 * A config as a library caller writes it, for test/types/hover.test.ts: an editor hovering each field and option here
 * shows its description, range and default.
 */
import type { CoevolutionConfig } from 'genenv';

export const hovered: CoevolutionConfig = {
  preset: 'ladder',
  epochs: 8,
  agent: { policy: 'builtin', options: { learningRate: 1e-4 } },
  simulator: { options: { explore: 0.1 } },
  domain: { options: { worldSeed: 7, seedRungs: { constraints: [1, 3] } } },
};
