import type { RunConfigInput } from '../interfaces/index.ts';

/**
 * Named starting configurations. `toolworld` (the default) co-evolves the built-in neural agent and
 * simulator on the tool-calling domain in a few minutes on two cores. `student` is the fast, non-neural
 * world (simulated student, parametric simulator, arithmetic domain): a full run in seconds, used by
 * tests and for trying settings.
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
  // scenes. An episode costs a generation call per turn and GRPO trains on every turn, so the batches
  // are small: 8 task types × 2 variations × 4 episodes per epoch. Measured on seed 1 (machine shared,
  // load ≈ 27 on 2 cores): the warm start (≈ 220 SFT steps over 1758 turn pairs) leaves the agent writing
  // command-shaped but wrong actions, 0 of the generated and held-out episodes solved in epochs 0–2; it
  // needs a longer warm start before GRPO has any success to learn from.
  household: {
    preset: 'household',
    variant: 'genenv',
    epochs: 6,
    tasksPerEpoch: 8,
    variations: 2,
    samples: 4,
    alpha: 0.5,
    beta: 20,
    kMin: 0.1,
    lambda: 1,
    weightNormalization: 'mean',
    baseFraction: 1,
    // Two fresh scenes of each of the 120 seeds, one supervised pair per turn of the reference plan.
    warmStartVariations: 2,
    rehearsal: 160,
    rehearsalTraceShare: 0.5,
    heldOutLimit: 30,
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
        warmStartSchedule: 'cosine',
        warmStartLearningRate: 5e-3,
        batchSize: 16,
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
  // Multi-hop question answering with search (`src/domains/multihop`): the agent searches a generated world's
  // documents one query per turn and answers; the simulator writes the question's relation paths.
  multihop: {
    preset: 'multihop',
    variant: 'genenv',
    epochs: 6,
    tasksPerEpoch: 8,
    variations: 2,
    samples: 4,
    alpha: 0.5,
    beta: 20,
    kMin: 0.1,
    lambda: 1,
    weightNormalization: 'mean',
    rwrFilter: 'band-or-nearest',
    baseFraction: 1,
    warmStartVariations: 30,
    rehearsal: 3200,
    rehearsalTraceShare: 0,
    heldOutLimit: 100,
    checkpointEvery: 3,
    simulatorTemperature: 0.7,
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
        batchSize: 16,
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
};

/** The preset `genenv run` uses when none is named: the embedded neural one (DESIGN.md §4). */
export const DEFAULT_PRESET = 'toolworld';
