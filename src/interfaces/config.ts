import { z } from 'zod';
import { retiredOptionError, withoutRetiredOptions } from './retired-options.ts';
import { unknownKeyError } from './zod-error.ts';

/** The co-evolution variants (paper §4.3; docs/design.md §2). */
export const VariantSchema = z
  .enum([
    'genenv',
    'paper',
    'random',
    'sampler',
    'sampler-frozen',
    'uniform',
    'dynamic',
    'dynamic-frozen',
    'selector',
    'static',
    'base',
    'offline',
  ])
  .describe(
    'genenv: co-evolve both policies, with the frontier sampler beside the simulator when frontierShare > 0; ' +
      "paper: genenv with the paper's curriculum alone (the simulator proposes every task type; frontierShare " +
      'ignored); random: simulator never updated; sampler: every task type drawn by the frontier sampler, no ' +
      'simulator proposals; sampler-frozen: the frontier sampler beside a simulator never updated; uniform: task ' +
      "types drawn uniformly over the domain's difficulty knobs (domain randomisation), or from its grammar where " +
      'it has none; dynamic: uniform draws screened (DAPO dynamic sampling): each is attempted on screenVariations ' +
      'variations × screenSamples rollouts and kept only when solved sometimes but not always, the screens counted ' +
      "in the same rollout budget; dynamic-frozen: the never-updated simulator's proposals screened the same way " +
      "(R-Zero's untrained challenger with its filter); selector: each epoch's task types chosen among " +
      'selectorPool × tasksPerEpoch uniform draws by a success predictor fitted to every outcome so far, those ' +
      'predicted nearest α, no rollouts spent on the choice; static: all synthetic tasks generated once before ' +
      'training; base: seed data only; offline: tasks from a teacher policy or a dataset file',
  );
export type Variant = z.infer<typeof VariantSchema>;

export const DifficultyScorerSchema = z
  .enum(['alpha-gaussian', 'rzero-linear', 'absolute-zero', 'sfl', 'goal-gan'])
  .describe(
    'how p̂ becomes the simulator reward: alpha-gaussian exp(-β(p̂-α)²) (paper Eq. 3), rzero-linear 1-2|p̂-½|, ' +
      'absolute-zero 1-p̂ on 0<p̂<1, sfl p̂(1-p̂), goal-gan 1 inside [0.1, 0.9]',
  );

export const WeightNormalizationSchema = z
  .enum(['none', 'mean', 'zscore'])
  .describe('RWR weights: none exp(λR); mean exp(λR)/mean; zscore exp(λ·z(R))/mean, z standardised within the batch');

export const PolicyChoiceSchema = z.strictObject(
  {
    policy: z
      .string()
      .min(1)
      .describe(
        'policy spec: builtin, builtin:<checkpoint dir>, openai:<base URL>#<model>, student, parametric, oracle',
      ),
    options: z.record(z.string(), z.unknown()).default({}).describe('backend options, validated by the backend'),
  },
  { error: unknownKeyError },
);

const unit = (description: string) => z.number().min(0).max(1).describe(description);

export const RunConfigSchema = z.strictObject(
  {
    preset: z.string().min(1).describe('named preset the config was built from'),
    variant: VariantSchema.default('genenv'),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .describe('random seed; runs are deterministic given it'),
    epochs: z.number().int().min(1).max(100000).describe('co-evolution epochs after the warm start'),
    tasksPerEpoch: z.number().int().min(1).max(100000).describe('task types the simulator proposes per epoch'),
    variations: z.number().int().min(1).max(1024).describe('n: variations instantiated per task type'),
    samples: z.number().int().min(1).max(1024).describe('G: agent rollouts per variation (GRPO group size)'),
    alpha: z.number().gt(0).lt(1).describe('α: target success rate of generated tasks, in (0, 1)'),
    beta: z.number().gt(0).max(1e6).describe('β: sharpness of the α-curriculum reward exp(-β(p̂-α)²)'),
    kMin: unit('k_min: task types with |p̂-α| ≤ k_min train the simulator'),
    lambda: z.number().min(0).max(1e3).describe('λ: RWR temperature, weights ∝ exp(λ·R_env)'),
    weightNormalization: WeightNormalizationSchema.default('mean'),
    rwrFilter: z
      .enum(['band', 'band-or-nearest', 'none'])
      .default('band')
      .describe(
        'which task types train the simulator: band keeps |p̂-α| ≤ k_min (paper); band-or-nearest the same, ' +
          'or the rwrFallback task types nearest α when the band is empty (so every epoch updates); none keeps ' +
          'all valid ones and lets the weights rank them',
      ),
    rwrFallback: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(4)
      .describe('band-or-nearest: task types nearest α that train the simulator when none is in the band'),
    simulatorRecords: z
      .enum(['generated', 'own'])
      .default('generated')
      .describe(
        'which generated task types train the simulator by RWR: every one that answers one of its contexts, the ' +
          "frontier sampler's draws and random edits included (generated), or only the proposals it wrote itself " +
          '(own)',
      ),
    difficultyScorer: DifficultyScorerSchema.default('alpha-gaussian'),
    successPooling: z
      .enum(['proposal', 'spec'])
      .default('proposal')
      .describe(
        'whose rollouts p̂ of a generated task type counts: its own (proposal), or those of every proposal of the ' +
          'epoch with the same spec (spec): one task type proposed many times is one task type, and its p̂ ' +
          'rests on all of its attempts',
      ),
    frontierShare: unit(
      'genenv: share of the fresh task types of each epoch drawn by the frontier sampler over the domain knob cells ' +
        "(priority exp(-β(p̃-α)²) of each cell's decayed success), the rest proposed by the simulator; 0 = the " +
        "paper's simulator alone",
    ).default(0),
    frontierWriter: z
      .enum(['domain', 'simulator'])
      .default('domain')
      .describe(
        'frontier sampler: who writes the task type of each cell it draws: the domain, at random within the cell ' +
          '(domain), or the simulator, in the variants where it proposes beside the sampler (genenv, sampler-frozen): ' +
          "its context names the cell's knob values and offers the cell's specs as its choices, so the sampler's " +
          'coverage meets the precision per task type the simulator learns by RWR per cell (simulator)',
      ),
    frontierDecay: z
      .number()
      .gt(0)
      .max(1)
      .default(0.5)
      .describe('frontier sampler: weight an outcome keeps per epoch of age (1 never forgets)'),
    frontierPriorStrength: z
      .number()
      .gt(0)
      .max(1e6)
      .default(2)
      .describe(
        "frontier sampler: how strong a cell's prior is, in pseudo-attempts at its prior mean (frontierPriorMean) " +
          'that an unseen cell starts from',
      ),
    frontierScorer: DifficultyScorerSchema.default('alpha-gaussian').describe(
      "frontier sampler: how a cell's posterior success p̃ becomes its priority (the names of difficultyScorer): " +
        'alpha-gaussian exp(-β(p̃-α)²), or e.g. sfl p̃(1-p̃), which keeps drawing cells solved most of the time but ' +
        'not always',
    ),
    frontierPriorMean: z
      .enum(['alpha', 'knobs'])
      .default('alpha')
      .describe(
        "frontier sampler: where a cell's prior mean sits: at α (alpha), or at the success a model of every cell's " +
          'evidence, additive in the logit over the knob values, predicts for it (knobs): an untried cell is placed ' +
          'by the cells that share its knob values',
      ),
    frontierCalibrate: z
      .boolean()
      .default(false)
      .describe(
        "frontier sampler: tilt each epoch's draw towards easier or harder cells so that its expected success is α",
      ),
    frontierCalibrateScope: z
      .enum(['draw', 'epoch'])
      .default('draw')
      .describe(
        "frontier sampler, with frontierCalibrate: aim the sampler's own draw at α (draw), or the whole epoch of " +
          "generated task types, counting the simulator's share by its cells' success (epoch)",
      ),
    frontierCalibrateGain: unit(
      "frontier sampler, with frontierCalibrate: each epoch the tilt's target moves by gain × (α − the last " +
        "epoch's success on generated task types), summed over the run (integral correction; 0 = open loop)",
    ).default(0),
    contextParentShare: unit(
      "share of the simulator's contexts, from epoch 1 on, whose seed is a frontier parent: a generated task type " +
        'of the last contextParentWindow epochs drawn by its α-reward exp(-β(p̂-α)²), which the simulator writes ' +
        'a child of (an edit or a replay); 0 = every context a seed task',
    ).default(0),
    contextParentWindow: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(2)
      .describe('epochs of generated task types the frontier parents of the contexts are drawn from'),
    contextParentEdits: z
      .boolean()
      .default(false)
      .describe(
        'a context with a frontier parent (contextParentShare) asks for one of up to 32 random small edits of the ' +
          "parent's compact text under the domain's spec grammar (the child written as an edit, which RWR learns " +
          "to choose among): the built-in simulator's decoding is limited to them, another simulator's proposal " +
          'outside them is rejected with its reason; needs a domain with a spec grammar',
      ),
    editShare: unit(
      "share of each epoch's fresh task types, from epoch 1 on in the variants that draw beside the simulator " +
        "(genenv, sampler-frozen), that are random edits of frontier parents (ACCEL's mutation): a generated task " +
        'type of the last contextParentWindow epochs drawn by its α-reward, a stretch of its compact text replaced ' +
        "by a random walk through the domain's spec grammar, stored as frontier draws; needs a domain with a spec " +
        'grammar; 0 = none',
    ).default(0),
    evidenceAim: z
      .enum(['alpha', 'ahead'])
      .default('alpha')
      .describe(
        "where frontier parents, random edits' parents and the around-alpha history are drawn: around α (alpha), or " +
          'around α less the rise of p̂ one epoch of training gives a task type, measured from the specs assessed in ' +
          'two consecutive epochs of the last four (ahead): what was in the band is solved more often by the time ' +
          "the simulator's proposal is attempted",
      ),
    contextHistory: z
      .number()
      .int()
      .min(0)
      .max(32)
      .default(0)
      .describe(
        'history conditioning: generated task types of the last contextHistoryWindow epochs shown in each of the ' +
          "simulator's contexts, from epoch 1 on, with the p̂ each produced (its compact text and success), so the " +
          "simulator proposes from evidence of what the agent solves; 0 = none (the paper's context)",
      ),
    contextHistoryWindow: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(2)
      .describe("epochs of generated task types the contexts' history is drawn from"),
    contextHistoryDraw: z
      .enum(['recent', 'around-alpha'])
      .default('around-alpha')
      .describe(
        "which task types a context's history shows: the most recent (recent: the same in every context of an " +
          'epoch), or half drawn among those solved less than α of the time and half among the rest, each side ' +
          '∝ exp(-β(p̂-α)²), a draw of its own per context (around-alpha: task types on both sides of the band)',
      ),
    successEstimator: z
      .enum(['empirical', 'beta-mean'])
      .default('empirical')
      .describe('p̂ estimator: empirical k/n, or the mean of a Beta posterior'),
    betaPrior: z
      .tuple([z.number().gt(0), z.number().gt(0)])
      .default([1, 1])
      .describe('Beta(a, b) prior of the beta-mean estimator'),
    successThreshold: unit('a rollout counts as a success when its reward ≥ this').default(1),
    replayFraction: unit('share of each agent batch replayed from D_train').default(0),
    baseFraction: z
      .number()
      .min(0)
      .max(10)
      .default(0)
      .describe(
        'base data in each agent batch: seed task types added per synthetic task type (paper: D_train mixes base ' +
          'data, past traces and new traces)',
      ),
    rehearsal: z
      .number()
      .int()
      .min(0)
      .max(100000)
      .default(0)
      .describe(
        'supervised examples per agent update sampled from D_train: successful past traces and base data (0 = ' +
          'GRPO only)',
      ),
    rehearsalTraceShare: unit(
      'share of the rehearsal drawn from successful past traces; the rest is base data with its reference answers',
    ).default(0.5),
    staticMultiplier: z
      .number()
      .min(0)
      .max(100)
      .default(1)
      .describe('static variant: synthetic tasks relative to genenv'),
    screenVariations: z
      .number()
      .int()
      .min(1)
      .max(1024)
      .default(1)
      .describe(
        'dynamic, dynamic-frozen: variations of each candidate its screen attempts (at most n); a candidate whose ' +
          'screen has both outcomes is kept and gets the rest of its n × G rollouts, the others are dropped',
      ),
    screenSamples: z
      .number()
      .int()
      .min(1)
      .max(1024)
      .optional()
      .describe('dynamic, dynamic-frozen: rollouts on each screened variation (at most G; G when unset)'),
    screenBand: unit(
      "dynamic, dynamic-frozen: a screen also passes only when its success share is within this of α (R-Zero's " +
        '3–7 of 10 correct is 0.2 around ½); 1 = every screen with both outcomes passes (DAPO)',
    ).default(1),
    selectorPool: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(8)
      .describe("selector: the uniform draws each epoch's task types are chosen among, as a multiple of tasksPerEpoch"),
    selectorDecay: z
      .number()
      .gt(0)
      .max(1)
      .default(1)
      .describe("selector: weight an outcome keeps per epoch of age in the success predictor's fit (1 never forgets)"),
    selectorOrder: z
      .number()
      .int()
      .min(1)
      .max(6)
      .default(2)
      .describe("selector: the longest run of a spec's compact-text words (n-gram) the success predictor reads"),
    temperature: z.number().min(0).max(10).default(1).describe('agent sampling temperature during rollouts'),
    simulatorTemperature: z.number().min(0).max(10).default(1).describe('simulator sampling temperature'),
    heldOutLimit: z
      .number()
      .int()
      .min(1)
      .max(1000000)
      .optional()
      .describe('evaluate at most this many items per held-out set'),
    evaluateEvery: z
      .number()
      .int()
      .min(1)
      .max(1000000)
      .default(1)
      .describe('evaluate the held-out sets every N epochs (epoch 0 and the last epoch always)'),
    warmStartVariations: z
      .number()
      .int()
      .min(0)
      .max(1000)
      .default(2)
      .describe("variations per seed task in the agent's SFT warm start (0 = no warm start)"),
    warmStartValidation: z
      .number()
      .min(0)
      .max(0.5)
      .default(0)
      .describe(
        "share of the warm start's seed-task instances held out from its SFT: the agent's validation accuracy " +
          '(warmstart/validationAccuracy), and where the agent checks itself (agent.options.warmStartCheckSteps) ' +
          'the length of its warm start',
      ),
    familyWindow: z
      .number()
      .int()
      .min(1)
      .max(100000)
      .default(32)
      .describe("recent task types per family summarised in the simulator's context"),
    checkpointEvery: z
      .number()
      .int()
      .min(1)
      .default(1)
      .describe('keep policy checkpoints every N epochs (the last one is always kept)'),
    domain: z.strictObject(
      {
        name: z.string().min(1).describe('task domain'),
        options: z
          .record(z.string(), z.unknown())
          .default({})
          .describe("the domain's options, validated by the domain"),
      },
      { error: unknownKeyError },
    ),
    agent: PolicyChoiceSchema,
    simulator: PolicyChoiceSchema,
    computeBackend: z
      .string()
      .optional()
      .describe(
        'written by genenv run, not read: the kernels that ran the built-in models (native or wasm) and which runs give the same bits',
      ),
    offline: z
      .strictObject(
        {
          source: z.string().min(1).describe('teacher policy spec, or path of a JSONL file of task specs'),
          options: z
            .record(z.string(), z.unknown())
            .optional()
            .describe('teacher policy options (as simulator.options)'),
        },
        { error: unknownKeyError },
      )
      .optional(),
  },
  { error: retiredOptionError },
);

export type RunConfig = z.infer<typeof RunConfigSchema>;
export type RunConfigInput = z.input<typeof RunConfigSchema>;

/** Parses a stored run's config.json (see `withoutRetiredOptions`). */
export const StoredRunConfigSchema = z.preprocess(withoutRetiredOptions, RunConfigSchema);
