import type { DiagnosticOptions } from './diagnostic-output.ts';

/** One lab suite: a line for --help and how to run it (its probe is loaded only then). */
export interface LabSuite {
  summary: string;
  run: (options: DiagnosticOptions) => Promise<string>;
}

/** The lab's suites by name, in the order --help lists them. */
export const LAB_SUITES: Record<string, LabSuite> = {
  'warm-start': {
    summary: 'what each warm-start change adds to the toolworld agent, at the preset’s warm-start steps',
    run: async (options) => (await import('./suites/warm-start.ts')).warmStartSuite(options),
  },
  'warm-start-seeds': {
    summary:
      "the default preset's agent warm start on seeds 1..n (default 20) of one world (--world-seed): validation " +
      'accuracy per seed against the median; with --held-out, held-out accuracy after it',
    run: async (options) => (await import('./suites/warm-start-seeds.ts')).warmStartSeedsSuite(options),
  },
  'grpo-step': {
    summary: 'test-id against GRPO updates alone from the warm start, seeds 1..n, the gain and its 95% interval',
    run: async (options) => (await import('./suites/grpo-step.ts')).grpoStepSuite(options),
  },
  'grpo-lr': {
    summary: 'how far one GRPO update moves the warm-started agent, per learning rate',
    run: async (options) => (await import('./suites/grpo-lr.ts')).grpoLearningRateSuite(options),
  },
  prop1: {
    summary: 'GRPO update size against p̂(1 − p̂) per task type (Proposition 1)',
    run: async (options) => (await import('./suites/prop1.ts')).prop1Suite(options),
  },
  thm1: {
    summary: 'R_env mis-ranking rate of two task types against the bound of Theorem 1, over n',
    run: async (options) => (await import('./suites/thm1.ts')).thm1Suite(options),
  },
  curriculum: {
    summary: 'difficulty features of two runs per epoch and per family (--runs A,B)',
    run: async (options) => (await import('./suites/curriculum.ts')).curriculumSuite(options),
  },
  'parametric-steering': {
    summary: 'genenv against random with the parametric simulator and the neural agent',
    run: async (options) => (await import('./suites/parametric-steering.ts')).parametricSteeringSuite(options),
  },
  exploration: {
    summary: 'how likely rollouts are to find the reference answers of test-id items the agent fails',
    run: async (options) => (await import('./suites/exploration.ts')).explorationSuite(options),
  },
  signal: {
    summary:
      'per epoch of two runs (--runs A,B), the rollouts GRPO can learn from, the draws behind p̂, and which ' +
      'spec fields explain p̂',
    run: async (options) => (await import('./suites/signal.ts')).signalSuite(options),
  },
  claim: {
    summary:
      'the claim on comparisons (--runs A[,B]): held-out accuracy per variant, genenv against each as a ratio and a ' +
      'paired difference, the climb, the calibration and the rollouts to reach the strongest baseline',
    run: async (options) => (await import('./suites/claim.ts')).claimSuite(options),
  },
  pooled: {
    summary:
      'the claim pooled over worlds (--runs W1=A,W2=B: comparisons of the same variants and run seeds, one per world ' +
      'seed), runs paired by world and seed: every pair of variants as a ratio and a paired difference, held-out ' +
      'accuracy, the band and the rollouts to reach the strongest baseline, per world and pooled',
    run: async (options) => (await import('./suites/pooled.ts')).pooledSuite(options),
  },
  'ladder-pilot': {
    summary:
      'the properties a curriculum testbed needs (controllability, a ladder, waste, stepping stones, held-out ' +
      'placement, budget), from pilot runs of one variant (--runs A,B,…)',
    run: async (options) => (await import('./suites/ladder-pilot.ts')).ladderPilotSuite(options),
  },
  'clauses-world': {
    summary:
      'the properties of the clauses world (no knobs) from warm starts of run seeds 1..n (--seeds, default 1; ' +
      '--world-seed): distinct task types, uniform grammar draws in the band per width, what decides p̂ (the ' +
      'composition against its part counts), held-out placement, stepping stones',
    run: async (options) => (await import('./suites/clauses-world.ts')).clausesWorldSuite(options),
  },
  settings: {
    summary:
      'settings of one world against its baselines genenv, sampler and random, paired by run seed (--runs A[,B]: ' +
      'directories of <setting>/seed-<n>/ runs): test-hard, test-id, share in the band, valid proposals, wall time',
    run: async (options) => (await import('./suites/settings.ts')).settingsSuite(options),
  },
  'ladder-link': {
    summary:
      'where the curriculum link breaks on ladder comparisons (--runs A[,B]): learning signal near α, success by ' +
      'the values ruled out before the last one to copy, distinct specs per epoch',
    run: async (options) => (await import('./suites/ladder-link.ts')).ladderLinkSuite(options),
  },
  'ladder-frontier': {
    summary:
      'the frontier diagnosis on ladder runs (--runs run or comparison directories), training data only: groups on ' +
      "test-hard's cells and their signal, mean rung against the competence edge, calibration, the hidden factor " +
      'within cells',
    run: async (options) => (await import('./suites/ladder-frontier.ts')).ladderFrontierSuite(options),
  },
  'curriculum-sources': {
    summary:
      'per run (--runs run or comparison directories) and source of generated task types (simulator, frontier ' +
      'draws, uniform or screened draws), training data only: mean p̂, in band, never and always solved, novel, cells',
    run: async (options) => (await import('./suites/curriculum-sources.ts')).curriculumSourcesSuite(options),
  },
  'served-trainer': {
    summary:
      'genenv run against genenv serve + genenv train --serve (the built-in agent over the protocol), seeds 1..n: ' +
      'held-out accuracy and curriculum metrics per epoch, each ± 95% interval',
    run: async (options) => (await import('./suites/served-trainer.ts')).servedTrainerSuite(options),
  },
  'practitioner-filters': {
    summary:
      "forms of the practitioner's curricula (--runs label=DIR,…: comparison directories, one label over several " +
      'worlds gathers them): test-id, test-hard, task types in the band after the third epoch, rollouts spent and ' +
      'wall time per form, each form against the first paired by world and seed',
    run: async (options) => (await import('./suites/practitioner-filters.ts')).practitionerFiltersSuite(options),
  },
  'filter-probes': {
    summary:
      'what screens and the success predictor would do, replayed on the stored rollouts of uniform runs (--runs run ' +
      'or comparison directories): per screen form the draws kept and how many of them sit in the band; per ' +
      "predictor form how well it predicts each epoch's draws from the epochs before and the band share of its choice",
    run: async (options) => (await import('./suites/filter-probes.ts')).filterProbesSuite(options),
  },
  transfer: {
    summary: 'held-out gain of two runs (--runs A,B) family by family, beside the rollouts with signal',
    run: async (options) => (await import('./suites/transfer.ts')).transferSuite(options),
  },
};
