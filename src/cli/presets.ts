import type { RunConfigInput } from '../interfaces/index.ts';

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
    alpha: 0.5,
    beta: 20,
    kMin: 0.1,
    lambda: 1,
    weightNormalization: 'mean',
    domain: { name: 'arithmetic', options: {} },
    // A slow learner with a gentle success curve: a task type stays informative for several epochs.
    agent: { policy: 'student', options: { learningRate: 0.05, slope: 0.8 } },
    // The entropy bonus keeps harder neighbours in reach once current tasks become too easy.
    simulator: { policy: 'parametric', options: { klCoefficient: 0.003, entropyBonus: 0.1 } },
  },
  toolworld: {
    preset: 'toolworld',
    variant: 'genenv',
    epochs: 12,
    // 32 task types × 2 variations × 8 rollouts per epoch; an epoch costs seconds, the warm start minutes.
    tasksPerEpoch: 32,
    variations: 2,
    samples: 8,
    alpha: 0.5,
    beta: 20,
    kMin: 0.1,
    lambda: 1,
    weightNormalization: 'mean',
    // An epoch with no task type in the band still trains the simulator, on the four nearest α.
    rwrFilter: 'band-or-nearest',
    // The agent's batches mix in as many seed task types as synthetic ones (paper: D_train = base ∪ traces).
    baseFraction: 1,
    // Six fresh instances of every seed, seen twice: new slot values each time make the agent copy them
    // from the request instead of memorising them. Six (not ten) leaves the agent solving 13–20% of
    // the simulator's first proposals (the paper starts at 0.138) and room to learn in the epochs.
    warmStartVariations: 6,
    // Every agent update also fine-tunes on 800 pairs of D_train (half successful past traces, half base
    // data): 100 SFT steps an epoch, which is where most of the held-out gain of the epochs comes from.
    rehearsal: 800,
    rehearsalTraceShare: 0.5,
    heldOutLimit: 100,
    // A checkpoint of both small models is about 4.5 MB: keep every fourth epoch and the last one.
    checkpointEvery: 4,
    // An undertrained simulator sampled at temperature 1 writes mostly malformed specs.
    simulatorTemperature: 0.7,
    domain: { name: 'toolworld', options: {} },
    // Tied embeddings and word pieces, with every number below 100 one token, let the small agent copy
    // slot values; GRPO steps stay small (2e-4, two passes over minibatches of whole groups) because
    // larger ones collapse it onto frequent values (`genenv bench --suite grpo-step`).
    agent: {
      policy: 'builtin',
      options: {
        size: 'small',
        tieEmbeddings: true,
        pieces: 'numbers',
        merges: 256,
        warmStartEpochs: 2,
        warmStartSchedule: 'cosine',
        warmStartLearningRate: 5e-3,
        batchSize: 8,
        learningRate: 2e-4,
        updateEpochs: 2,
        minibatchSize: 8,
        rehearsalLearningRate: 1e-3,
        maxResponseTokens: 48,
        trainThreads: 2,
        workers: 2,
      },
    },
    // Both sample on two worker threads (the same completions as in process; seed 3's run: 288 s instead of 324 s).
    // Four RWR steps per update (each still within the KL cap) let the few in-band task types of an epoch
    // move the simulator: with one step its difficulty drifted down (seed 1); with four it rose on seeds 1 and 2.
    simulator: {
      policy: 'builtin',
      options: {
        size: 'small',
        tieEmbeddings: true,
        pieces: 'numbers',
        warmStartSchedule: 'cosine',
        warmStartEpochs: 10,
        warmStartLearningRate: 5e-3,
        batchSize: 16,
        updateEpochs: 4,
        maxResponseTokens: 48,
        trainThreads: 2,
        workers: 2,
      },
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
    alpha: 0.5,
    beta: 20,
    kMin: 0.1,
    lambda: 1,
    weightNormalization: 'mean',
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
    simulator: {
      policy: 'builtin',
      options: {
        size: 'small',
        tieEmbeddings: true,
        pieces: 'numbers',
        warmStartSchedule: 'cosine',
        warmStartEpochs: 10,
        warmStartLearningRate: 5e-3,
        batchSize: 16,
        updateEpochs: 4,
        maxResponseTokens: 40,
        trainThreads: 2,
        workers: 2,
      },
    },
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
    alpha: 0.5,
    beta: 20,
    kMin: 0.1,
    lambda: 1,
    weightNormalization: 'mean',
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
    simulator: {
      policy: 'builtin',
      options: {
        size: 'small',
        tieEmbeddings: true,
        pieces: 'numbers',
        warmStartSchedule: 'cosine',
        warmStartEpochs: 10,
        warmStartLearningRate: 5e-3,
        batchSize: 16,
        updateEpochs: 4,
        maxResponseTokens: 48,
        trainThreads: 2,
        workers: 2,
      },
    },
  },
};

/** The preset `genenv run` uses when none is named: the embedded neural one (DESIGN.md §4). */
export const DEFAULT_PRESET = 'toolworld';
