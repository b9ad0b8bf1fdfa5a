/**
 * Written by test/types/documented-inputs.ts from the schemas (`GENENV_WRITE_INPUTS=1 npx vitest run
 * test/types/documented-inputs.test.ts`); do not edit. The input types of a run config's fields and of every
 * built-in player's and world's options, each member with its schema's description, range and default as the
 * doc comment an editor shows.
 */
import type { z } from 'zod';
import type { RunConfigSchema } from '../interfaces/index.ts';
import type {
  AgentOptionsSchema as BuiltinAgentOptionsSchema,
  SimulatorOptionsSchema as BuiltinSimulatorOptionsSchema,
} from '../policies/builtin/options.ts';
import type {
  AgentOptionsSchema as OpenAIAgentOptionsSchema,
  SimulatorOptionsSchema as OpenAISimulatorOptionsSchema,
} from '../policies/openai/options.ts';
import type { TrainerOptionsSchema as TrainerHookOptionsSchema } from './trainer-options.ts';
import type { StudentOptionsSchema } from '../policies/student/student.ts';
import type { ParametricOptionsSchema } from '../policies/parametric/parametric-simulator.ts';
import type { ArithmeticOptionsSchema } from '../domains/arithmetic/options.ts';
import type { ClausesOptionsSchema } from '../domains/clauses/options.ts';
import type { HouseholdOptionsSchema } from '../domains/household/options.ts';
import type { LadderOptionsSchema } from '../domains/ladder/options.ts';
import type { MultihopOptionsSchema } from '../domains/multihop/options.ts';
import type { ToolWorldOptionsSchema } from '../domains/toolworld/options.ts';
import type { TravelOptionsSchema } from '../domains/travel/options.ts';

/** The fields of a run config beside its preset and its parts: each overrides the preset's (docs/configuration.md). */
export interface RunConfigFields {
  /**
   * genenv: co-evolve both policies, with the frontier sampler beside the simulator when frontierShare > 0; paper:
   * genenv with the paper's curriculum alone (the simulator proposes every task type; frontierShare ignored); random:
   * simulator never updated; sampler: every task type drawn by the frontier sampler, no simulator proposals;
   * sampler-frozen: the frontier sampler beside a simulator never updated; uniform: task types drawn uniformly over the
   * domain's difficulty knobs (domain randomisation), or from its grammar where it has none; dynamic: uniform draws
   * screened (DAPO dynamic sampling): each is attempted on screenVariations variations × screenSamples rollouts and
   * kept only when solved sometimes but not always, the screens counted in the same rollout budget; dynamic-frozen: the
   * never-updated simulator's proposals screened the same way (R-Zero's untrained challenger with its filter);
   * selector: each epoch's task types chosen among selectorPool × tasksPerEpoch uniform draws by a success predictor
   * fitted to every outcome so far, those predicted nearest α, no rollouts spent on the choice; static: all synthetic
   * tasks generated once before training; base: seed data only; offline: tasks from a teacher policy or a dataset file.
   *
   * One of `'genenv'`, `'paper'`, `'random'`, `'sampler'`, `'sampler-frozen'`, `'uniform'`, `'dynamic'`,
   * `'dynamic-frozen'`, `'selector'`, `'static'`, `'base'`, `'offline'`; default `'genenv'`.
   */
  variant?: z.input<typeof RunConfigSchema>['variant'];
  /**
   * random seed; runs are deterministic given it.
   *
   * An integer from 0 to 2147483647.
   */
  seed?: z.input<typeof RunConfigSchema>['seed'];
  /**
   * co-evolution epochs after the warm start.
   *
   * An integer from 1 to 100000.
   */
  epochs?: z.input<typeof RunConfigSchema>['epochs'];
  /**
   * task types the simulator proposes per epoch.
   *
   * An integer from 1 to 100000.
   */
  tasksPerEpoch?: z.input<typeof RunConfigSchema>['tasksPerEpoch'];
  /**
   * n: variations instantiated per task type.
   *
   * An integer from 1 to 1024.
   */
  variations?: z.input<typeof RunConfigSchema>['variations'];
  /**
   * G: agent rollouts per variation (GRPO group size).
   *
   * An integer from 1 to 1024.
   */
  samples?: z.input<typeof RunConfigSchema>['samples'];
  /**
   * α: target success rate of generated tasks, in (0, 1).
   *
   * A number in (0, 1).
   */
  alpha?: z.input<typeof RunConfigSchema>['alpha'];
  /**
   * β: sharpness of the α-curriculum reward exp(-β(p̂-α)²).
   *
   * A number in (0, 1000000].
   */
  beta?: z.input<typeof RunConfigSchema>['beta'];
  /**
   * k_min: task types with |p̂-α| ≤ k_min train the simulator.
   *
   * A number in [0, 1].
   */
  kMin?: z.input<typeof RunConfigSchema>['kMin'];
  /**
   * λ: RWR temperature, weights ∝ exp(λ·R_env).
   *
   * A number in [0, 1000].
   */
  lambda?: z.input<typeof RunConfigSchema>['lambda'];
  /**
   * RWR weights: none exp(λR); mean exp(λR)/mean; zscore exp(λ·z(R))/mean, z standardised within the batch.
   *
   * One of `'none'`, `'mean'`, `'zscore'`; default `'mean'`.
   */
  weightNormalization?: z.input<typeof RunConfigSchema>['weightNormalization'];
  /**
   * which task types train the simulator: band keeps |p̂-α| ≤ k_min (paper); band-or-nearest the same, or the
   * rwrFallback task types nearest α when the band is empty (so every epoch updates); none keeps all valid ones and
   * lets the weights rank them.
   *
   * One of `'band'`, `'band-or-nearest'`, `'none'`; default `'band'`.
   */
  rwrFilter?: z.input<typeof RunConfigSchema>['rwrFilter'];
  /**
   * band-or-nearest: task types nearest α that train the simulator when none is in the band.
   *
   * An integer from 1 to 1000; default `4`.
   */
  rwrFallback?: z.input<typeof RunConfigSchema>['rwrFallback'];
  /**
   * which generated task types train the simulator by RWR: every one that answers one of its contexts, the frontier
   * sampler's draws and random edits included (generated), or only the proposals it wrote itself (own).
   *
   * One of `'generated'`, `'own'`; default `'generated'`.
   */
  simulatorRecords?: z.input<typeof RunConfigSchema>['simulatorRecords'];
  /**
   * how p̂ becomes the simulator reward: alpha-gaussian exp(-β(p̂-α)²) (paper Eq. 3), rzero-linear 1-2|p̂-½|,
   * absolute-zero 1-p̂ on 0<p̂<1, sfl p̂(1-p̂), goal-gan 1 inside [0.1, 0.9].
   *
   * One of `'alpha-gaussian'`, `'rzero-linear'`, `'absolute-zero'`, `'sfl'`, `'goal-gan'`; default `'alpha-gaussian'`.
   */
  difficultyScorer?: z.input<typeof RunConfigSchema>['difficultyScorer'];
  /**
   * whose rollouts p̂ of a generated task type counts: its own (proposal), or those of every proposal of the epoch with
   * the same spec (spec): one task type proposed many times is one task type, and its p̂ rests on all of its attempts.
   *
   * One of `'proposal'`, `'spec'`; default `'proposal'`.
   */
  successPooling?: z.input<typeof RunConfigSchema>['successPooling'];
  /**
   * genenv: share of the fresh task types of each epoch drawn by the frontier sampler over the domain knob cells
   * (priority exp(-β(p̃-α)²) of each cell's decayed success), the rest proposed by the simulator; 0 = the paper's
   * simulator alone.
   *
   * A number in [0, 1]; default `0`.
   */
  frontierShare?: z.input<typeof RunConfigSchema>['frontierShare'];
  /**
   * frontier sampler: who writes the task type of each cell it draws: the domain, at random within the cell (domain),
   * or the simulator, in the variants where it proposes beside the sampler (genenv, sampler-frozen): its context names
   * the cell's knob values and offers the cell's specs as its choices, so the sampler's coverage meets the precision
   * per task type the simulator learns by RWR per cell (simulator).
   *
   * One of `'domain'`, `'simulator'`; default `'domain'`.
   */
  frontierWriter?: z.input<typeof RunConfigSchema>['frontierWriter'];
  /**
   * frontier sampler: weight an outcome keeps per epoch of age (1 never forgets).
   *
   * A number in (0, 1]; default `0.5`.
   */
  frontierDecay?: z.input<typeof RunConfigSchema>['frontierDecay'];
  /**
   * frontier sampler: how strong a cell's prior is, in pseudo-attempts at its prior mean (frontierPriorMean) that an
   * unseen cell starts from.
   *
   * A number in (0, 1000000]; default `2`.
   */
  frontierPriorStrength?: z.input<typeof RunConfigSchema>['frontierPriorStrength'];
  /**
   * frontier sampler: how a cell's posterior success p̃ becomes its priority (the names of difficultyScorer):
   * alpha-gaussian exp(-β(p̃-α)²), or e.g. sfl p̃(1-p̃), which keeps drawing cells solved most of the time but not
   * always.
   *
   * One of `'alpha-gaussian'`, `'rzero-linear'`, `'absolute-zero'`, `'sfl'`, `'goal-gan'`; default `'alpha-gaussian'`.
   */
  frontierScorer?: z.input<typeof RunConfigSchema>['frontierScorer'];
  /**
   * frontier sampler: where a cell's prior mean sits: at α (alpha), or at the success a model of every cell's evidence,
   * additive in the logit over the knob values, predicts for it (knobs): an untried cell is placed by the cells that
   * share its knob values.
   *
   * One of `'alpha'`, `'knobs'`; default `'alpha'`.
   */
  frontierPriorMean?: z.input<typeof RunConfigSchema>['frontierPriorMean'];
  /**
   * frontier sampler: tilt each epoch's draw towards easier or harder cells so that its expected success is α.
   *
   * Default `false`.
   */
  frontierCalibrate?: z.input<typeof RunConfigSchema>['frontierCalibrate'];
  /**
   * frontier sampler, with frontierCalibrate: aim the sampler's own draw at α (draw), or the whole epoch of generated
   * task types, counting the simulator's share by its cells' success (epoch).
   *
   * One of `'draw'`, `'epoch'`; default `'draw'`.
   */
  frontierCalibrateScope?: z.input<typeof RunConfigSchema>['frontierCalibrateScope'];
  /**
   * frontier sampler, with frontierCalibrate: each epoch the tilt's target moves by gain × (α − the last epoch's
   * success on generated task types), summed over the run (integral correction; 0 = open loop).
   *
   * A number in [0, 1]; default `0`.
   */
  frontierCalibrateGain?: z.input<typeof RunConfigSchema>['frontierCalibrateGain'];
  /**
   * share of the simulator's contexts, from epoch 1 on, whose seed is a frontier parent: a generated task type of the
   * last contextParentWindow epochs drawn by its α-reward exp(-β(p̂-α)²), which the simulator writes a child of (an
   * edit or a replay); 0 = every context a seed task.
   *
   * A number in [0, 1]; default `0`.
   */
  contextParentShare?: z.input<typeof RunConfigSchema>['contextParentShare'];
  /**
   * epochs of generated task types the frontier parents of the contexts are drawn from.
   *
   * An integer from 1 to 1000; default `2`.
   */
  contextParentWindow?: z.input<typeof RunConfigSchema>['contextParentWindow'];
  /**
   * a context with a frontier parent (contextParentShare) asks for one of up to 32 random small edits of the parent's
   * compact text under the domain's spec grammar (the child written as an edit, which RWR learns to choose among): the
   * built-in simulator's decoding is limited to them, another simulator's proposal outside them is rejected with its
   * reason; needs a domain with a spec grammar.
   *
   * Default `false`.
   */
  contextParentEdits?: z.input<typeof RunConfigSchema>['contextParentEdits'];
  /**
   * share of each epoch's fresh task types, from epoch 1 on in the variants that draw beside the simulator (genenv,
   * sampler-frozen), that are random edits of frontier parents (ACCEL's mutation): a generated task type of the last
   * contextParentWindow epochs drawn by its α-reward, a stretch of its compact text replaced by a random walk through
   * the domain's spec grammar, stored as frontier draws; needs a domain with a spec grammar; 0 = none.
   *
   * A number in [0, 1]; default `0`.
   */
  editShare?: z.input<typeof RunConfigSchema>['editShare'];
  /**
   * where frontier parents, random edits' parents and the around-alpha history are drawn: around α (alpha), or around α
   * less the rise of p̂ one epoch of training gives a task type, measured from the specs assessed in two consecutive
   * epochs of the last four (ahead): what was in the band is solved more often by the time the simulator's proposal is
   * attempted.
   *
   * One of `'alpha'`, `'ahead'`; default `'alpha'`.
   */
  evidenceAim?: z.input<typeof RunConfigSchema>['evidenceAim'];
  /**
   * history conditioning: generated task types of the last contextHistoryWindow epochs shown in each of the simulator's
   * contexts, from epoch 1 on, with the p̂ each produced (its compact text and success), so the simulator proposes from
   * evidence of what the agent solves; 0 = none (the paper's context).
   *
   * An integer from 0 to 32; default `0`.
   */
  contextHistory?: z.input<typeof RunConfigSchema>['contextHistory'];
  /**
   * epochs of generated task types the contexts' history is drawn from.
   *
   * An integer from 1 to 1000; default `2`.
   */
  contextHistoryWindow?: z.input<typeof RunConfigSchema>['contextHistoryWindow'];
  /**
   * which task types a context's history shows: the most recent (recent: the same in every context of an epoch), or
   * half drawn among those solved less than α of the time and half among the rest, each side ∝ exp(-β(p̂-α)²), a draw
   * of its own per context (around-alpha: task types on both sides of the band).
   *
   * One of `'recent'`, `'around-alpha'`; default `'around-alpha'`.
   */
  contextHistoryDraw?: z.input<typeof RunConfigSchema>['contextHistoryDraw'];
  /**
   * p̂ estimator: empirical k/n, or the mean of a Beta posterior.
   *
   * One of `'empirical'`, `'beta-mean'`; default `'empirical'`.
   */
  successEstimator?: z.input<typeof RunConfigSchema>['successEstimator'];
  /**
   * Beta(a, b) prior of the beta-mean estimator.
   *
   * A pair of numbers > 0; default `[1,1]`.
   */
  betaPrior?: z.input<typeof RunConfigSchema>['betaPrior'];
  /**
   * a rollout counts as a success when its reward ≥ this.
   *
   * A number in [0, 1]; default `1`.
   */
  successThreshold?: z.input<typeof RunConfigSchema>['successThreshold'];
  /**
   * share of each agent batch replayed from D_train.
   *
   * A number in [0, 1]; default `0`.
   */
  replayFraction?: z.input<typeof RunConfigSchema>['replayFraction'];
  /**
   * base data in each agent batch: seed task types added per synthetic task type (paper: D_train mixes base data, past
   * traces and new traces).
   *
   * A number in [0, 10]; default `0`.
   */
  baseFraction?: z.input<typeof RunConfigSchema>['baseFraction'];
  /**
   * supervised examples per agent update sampled from D_train: successful past traces and base data (0 = GRPO only).
   *
   * An integer from 0 to 100000; default `0`.
   */
  rehearsal?: z.input<typeof RunConfigSchema>['rehearsal'];
  /**
   * share of the rehearsal drawn from successful past traces; the rest is base data with its reference answers.
   *
   * A number in [0, 1]; default `0.5`.
   */
  rehearsalTraceShare?: z.input<typeof RunConfigSchema>['rehearsalTraceShare'];
  /**
   * static variant: synthetic tasks relative to genenv.
   *
   * A number in [0, 100]; default `1`.
   */
  staticMultiplier?: z.input<typeof RunConfigSchema>['staticMultiplier'];
  /**
   * dynamic, dynamic-frozen: variations of each candidate its screen attempts (at most n); a candidate whose screen has
   * both outcomes is kept and gets the rest of its n × G rollouts, the others are dropped.
   *
   * An integer from 1 to 1024; default `1`.
   */
  screenVariations?: z.input<typeof RunConfigSchema>['screenVariations'];
  /**
   * dynamic, dynamic-frozen: rollouts on each screened variation (at most G; G when unset).
   *
   * An integer from 1 to 1024.
   */
  screenSamples?: z.input<typeof RunConfigSchema>['screenSamples'];
  /**
   * dynamic, dynamic-frozen: a screen also passes only when its success share is within this of α (R-Zero's 3–7 of 10
   * correct is 0.2 around ½); 1 = every screen with both outcomes passes (DAPO).
   *
   * A number in [0, 1]; default `1`.
   */
  screenBand?: z.input<typeof RunConfigSchema>['screenBand'];
  /**
   * selector: the uniform draws each epoch's task types are chosen among, as a multiple of tasksPerEpoch.
   *
   * An integer from 1 to 1000; default `8`.
   */
  selectorPool?: z.input<typeof RunConfigSchema>['selectorPool'];
  /**
   * selector: weight an outcome keeps per epoch of age in the success predictor's fit (1 never forgets).
   *
   * A number in (0, 1]; default `1`.
   */
  selectorDecay?: z.input<typeof RunConfigSchema>['selectorDecay'];
  /**
   * selector: the longest run of a spec's compact-text words (n-gram) the success predictor reads.
   *
   * An integer from 1 to 6; default `2`.
   */
  selectorOrder?: z.input<typeof RunConfigSchema>['selectorOrder'];
  /**
   * agent sampling temperature during rollouts.
   *
   * A number in [0, 10]; default `1`.
   */
  temperature?: z.input<typeof RunConfigSchema>['temperature'];
  /**
   * simulator sampling temperature.
   *
   * A number in [0, 10]; default `1`.
   */
  simulatorTemperature?: z.input<typeof RunConfigSchema>['simulatorTemperature'];
  /**
   * evaluate at most this many items per held-out set.
   *
   * An integer from 1 to 1000000.
   */
  heldOutLimit?: z.input<typeof RunConfigSchema>['heldOutLimit'];
  /**
   * evaluate the held-out sets every N epochs (epoch 0 and the last epoch always).
   *
   * An integer from 1 to 1000000; default `1`.
   */
  evaluateEvery?: z.input<typeof RunConfigSchema>['evaluateEvery'];
  /**
   * variations per seed task in the agent's SFT warm start (0 = no warm start).
   *
   * An integer from 0 to 1000; default `2`.
   */
  warmStartVariations?: z.input<typeof RunConfigSchema>['warmStartVariations'];
  /**
   * share of the warm start's seed-task instances held out from its SFT: the agent's validation accuracy
   * (warmstart/validationAccuracy), and where the agent checks itself (agent.options.warmStartCheckSteps) the length of
   * its warm start.
   *
   * A number in [0, 0.5]; default `0`.
   */
  warmStartValidation?: z.input<typeof RunConfigSchema>['warmStartValidation'];
  /**
   * recent task types per family summarised in the simulator's context.
   *
   * An integer from 1 to 100000; default `32`.
   */
  familyWindow?: z.input<typeof RunConfigSchema>['familyWindow'];
  /**
   * keep policy checkpoints every N epochs (the last one is always kept).
   *
   * An integer from 1 to 9007199254740991; default `1`.
   */
  checkpointEvery?: z.input<typeof RunConfigSchema>['checkpointEvery'];
}

/** `agent.options` of the built-in agent (`agent.policy: 'builtin'`): a small transformer trained in process. */
export interface BuiltinAgentOptionsInput {
  /**
   * model shape preset: tiny (width 32, 1 layer, context 160 tokens), small (width 64, 2 layers, context 256) or
   * default (width 128, 2 layers, context 256: about 0.5M parameters).
   *
   * One of `'tiny'`, `'small'`, `'default'`; default `'default'`.
   */
  size?: z.input<typeof BuiltinAgentOptionsSchema>['size'];
  /**
   * residual width, overriding the size's; it must split into heads of even width.
   *
   * An integer from 8 to 1024.
   */
  modelWidth?: z.input<typeof BuiltinAgentOptionsSchema>['modelWidth'];
  /**
   * transformer blocks, overriding the size's.
   *
   * An integer from 1 to 16.
   */
  layers?: z.input<typeof BuiltinAgentOptionsSchema>['layers'];
  /**
   * attention heads per block, overriding the size's.
   *
   * An integer from 1 to 32.
   */
  heads?: z.input<typeof BuiltinAgentOptionsSchema>['heads'];
  /**
   * width of the feed-forward layer inside each block, overriding the size's.
   *
   * An integer from 8 to 4096.
   */
  hiddenWidth?: z.input<typeof BuiltinAgentOptionsSchema>['hiddenWidth'];
  /**
   * tokens the model reads at most, prompt and response together, overriding the size's.
   *
   * An integer from 16 to 2048.
   */
  contextLength?: z.input<typeof BuiltinAgentOptionsSchema>['contextLength'];
  /**
   * output head shares the token embedding (helps copying values from the prompt).
   *
   * Default `false`.
   */
  tieEmbeddings?: z.input<typeof BuiltinAgentOptionsSchema>['tieEmbeddings'];
  /**
   * a pointer over the tokens so far mixed into the output (writes values read in the prompt).
   *
   * Default `false`.
   */
  copyHead?: z.input<typeof BuiltinAgentOptionsSchema>['copyHead'];
  /**
   * BPE merges learned on the domain corpus.
   *
   * An integer from 0 to 2048; default `64`.
   */
  merges?: z.input<typeof BuiltinAgentOptionsSchema>['merges'];
  /**
   * cut text into words, digits and symbols before merges (words), the same with every two-digit run one token
   * (numbers), or merge across them (none).
   *
   * One of `'none'`, `'words'`, `'numbers'`; default `'none'`.
   */
  pieces?: z.input<typeof BuiltinAgentOptionsSchema>['pieces'];
  /**
   * AdamW learning rate of updates.
   *
   * A number in (0, 1]; default `0.002`.
   */
  learningRate?: z.input<typeof BuiltinAgentOptionsSchema>['learningRate'];
  /**
   * AdamW learning rate of the SFT warm start.
   *
   * A number in (0, 1]; default `0.003`.
   */
  warmStartLearningRate?: z.input<typeof BuiltinAgentOptionsSchema>['warmStartLearningRate'];
  /**
   * passes of the SFT warm start over its demonstrations (0 = no warm start).
   *
   * An integer from 0 to 1000; default `3`.
   */
  warmStartEpochs?: z.input<typeof BuiltinAgentOptionsSchema>['warmStartEpochs'];
  /**
   * warm-start learning rate: constant, or 5% linear warm-up then cosine decay to a tenth.
   *
   * One of `'constant'`, `'cosine'`; default `'constant'`.
   */
  warmStartSchedule?: z.input<typeof BuiltinAgentOptionsSchema>['warmStartSchedule'];
  /**
   * order of the warm-start pairs: shuffled every epoch, or the first epoch shortest first (a curriculum: the first
   * turns of a multi-turn task teach copying before the longer turns need it), then shuffled.
   *
   * One of `'shuffled'`, `'shortest-first'`; default `'shuffled'`.
   */
  warmStartOrder?: z.input<typeof BuiltinAgentOptionsSchema>['warmStartOrder'];
  /**
   * sequences per SFT step.
   *
   * An integer from 1 to 4096; default `16`.
   */
  batchSize?: z.input<typeof BuiltinAgentOptionsSchema>['batchSize'];
  /**
   * AdamW weight decay (decoupled, scaled by the learning rate).
   *
   * A number in [0, 1]; default `0`.
   */
  weightDecay?: z.input<typeof BuiltinAgentOptionsSchema>['weightDecay'];
  /**
   * global gradient-norm clip (0 = off).
   *
   * A number ≥ 0; default `1`.
   */
  clipNorm?: z.input<typeof BuiltinAgentOptionsSchema>['clipNorm'];
  /**
   * KL penalty to the reference (agent) / initial simulator.
   *
   * A number in [0, 100]; default `0.02`.
   */
  klCoefficient?: z.input<typeof BuiltinAgentOptionsSchema>['klCoefficient'];
  /**
   * per-token estimate of the KL penalty: k1 logπ − logπ_ref, k2 ½(logπ − logπ_ref)², or k3 exp(logπ_ref − logπ) −
   * (logπ_ref − logπ) − 1 (≥ 0, clamped at 10 nats).
   *
   * One of `'k1'`, `'k2'`, `'k3'`; default `'k3'`.
   */
  klEstimator?: z.input<typeof BuiltinAgentOptionsSchema>['klEstimator'];
  /**
   * passes over each batch per update.
   *
   * An integer from 1 to 64; default `1`.
   */
  updateEpochs?: z.input<typeof BuiltinAgentOptionsSchema>['updateEpochs'];
  /**
   * response/proposal budget in tokens.
   *
   * An integer from 1 to 2048; default `64`.
   */
  maxResponseTokens?: z.input<typeof BuiltinAgentOptionsSchema>['maxResponseTokens'];
  /**
   * worker threads for sampling (0 = in process).
   *
   * An integer from 0 to 64; default `0`.
   */
  workers?: z.input<typeof BuiltinAgentOptionsSchema>['workers'];
  /**
   * compute backend for the whole process: the native addon, WebAssembly (the reference numbers), or auto (native when
   * built); unset: GENENV_BACKEND, else auto.
   *
   * One of `'auto'`, `'native'`, `'wasm'`.
   */
  backend?: z.input<typeof BuiltinAgentOptionsSchema>['backend'];
  /**
   * threads per training step (2 = a helper thread takes the second half of each batch, and the simulator updates on a
   * thread of its own beside the agent's update; the same results either way).
   *
   * An integer from 1 to 2; default `1`.
   */
  trainThreads?: z.input<typeof BuiltinAgentOptionsSchema>['trainThreads'];
  /**
   * PPO/GRPO ratio clip ε.
   *
   * A number in [0, 1]; default `0.2`.
   */
  clip?: z.input<typeof BuiltinAgentOptionsSchema>['clip'];
  /**
   * bonus on the entropy of the agent's next-token distributions in the GRPO objective.
   *
   * A number in [0, 10]; default `0`.
   */
  entropyCoefficient?: z.input<typeof BuiltinAgentOptionsSchema>['entropyCoefficient'];
  /**
   * a rollout's advantage within its group: grpo (r − mean) / std, dr-grpo r − mean, or rloo r − the mean of the other
   * rewards.
   *
   * One of `'grpo'`, `'dr-grpo'`, `'rloo'`; default `'grpo'`.
   */
  advantage?: z.input<typeof BuiltinAgentOptionsSchema>['advantage'];
  /**
   * the batch mean of the GRPO loss: over all tokens alike, or within each sequence and then over sequences.
   *
   * One of `'token-mean'`, `'sequence-mean'`; default `'token-mean'`.
   */
  aggregation?: z.input<typeof BuiltinAgentOptionsSchema>['aggregation'];
  /**
   * AdamW learning rate of the SFT pass over the update's rehearsal (pairs from D_train).
   *
   * A number in (0, 1]; default `0.001`.
   */
  rehearsalLearningRate?: z.input<typeof BuiltinAgentOptionsSchema>['rehearsalLearningRate'];
  /**
   * passes over each update's rehearsal.
   *
   * An integer from 1 to 64; default `1`.
   */
  rehearsalEpochs?: z.input<typeof BuiltinAgentOptionsSchema>['rehearsalEpochs'];
  /**
   * the warm start's loss also covers the prompt's own tokens (language modelling), not only the response: a prompt
   * full of names repeated (rooms, observations) teaches a small agent to copy from its context in far fewer steps.
   *
   * Default `false`.
   */
  warmStartPromptLoss?: z.input<typeof BuiltinAgentOptionsSchema>['warmStartPromptLoss'];
  /**
   * rollouts per GRPO optimiser step: whole groups are packed until a step holds at least this many.
   *
   * An integer from 1 to 4096; default `64`.
   */
  minibatchSize?: z.input<typeof BuiltinAgentOptionsSchema>['minibatchSize'];
  /**
   * optimiser steps between the warm start's checks of its greedy accuracy on the run's validation split
   * (warmStartValidation); it then stops by them, warmStartEpochs being its cap (0 = no checks: all epochs).
   *
   * An integer from 0 to 100000; default `0`.
   */
  warmStartCheckSteps?: z.input<typeof BuiltinAgentOptionsSchema>['warmStartCheckSteps'];
  /**
   * checks without a better validation accuracy after which the warm start stops and keeps the best.
   *
   * An integer from 1 to 1000; default `3`.
   */
  warmStartPatience?: z.input<typeof BuiltinAgentOptionsSchema>['warmStartPatience'];
}

/** `simulator.options` of the built-in simulator (`simulator.policy: 'builtin'`). */
export interface BuiltinSimulatorOptionsInput {
  /**
   * model shape preset: tiny (width 32, 1 layer, context 160 tokens), small (width 64, 2 layers, context 256) or
   * default (width 128, 2 layers, context 256: about 0.5M parameters).
   *
   * One of `'tiny'`, `'small'`, `'default'`; default `'default'`.
   */
  size?: z.input<typeof BuiltinSimulatorOptionsSchema>['size'];
  /**
   * residual width, overriding the size's; it must split into heads of even width.
   *
   * An integer from 8 to 1024.
   */
  modelWidth?: z.input<typeof BuiltinSimulatorOptionsSchema>['modelWidth'];
  /**
   * transformer blocks, overriding the size's.
   *
   * An integer from 1 to 16.
   */
  layers?: z.input<typeof BuiltinSimulatorOptionsSchema>['layers'];
  /**
   * attention heads per block, overriding the size's.
   *
   * An integer from 1 to 32.
   */
  heads?: z.input<typeof BuiltinSimulatorOptionsSchema>['heads'];
  /**
   * width of the feed-forward layer inside each block, overriding the size's.
   *
   * An integer from 8 to 4096.
   */
  hiddenWidth?: z.input<typeof BuiltinSimulatorOptionsSchema>['hiddenWidth'];
  /**
   * tokens the model reads at most, prompt and response together, overriding the size's.
   *
   * An integer from 16 to 2048.
   */
  contextLength?: z.input<typeof BuiltinSimulatorOptionsSchema>['contextLength'];
  /**
   * output head shares the token embedding (helps copying values from the prompt).
   *
   * Default `false`.
   */
  tieEmbeddings?: z.input<typeof BuiltinSimulatorOptionsSchema>['tieEmbeddings'];
  /**
   * a pointer over the tokens so far mixed into the output (writes values read in the prompt).
   *
   * Default `false`.
   */
  copyHead?: z.input<typeof BuiltinSimulatorOptionsSchema>['copyHead'];
  /**
   * BPE merges learned on the domain corpus.
   *
   * An integer from 0 to 2048; default `64`.
   */
  merges?: z.input<typeof BuiltinSimulatorOptionsSchema>['merges'];
  /**
   * cut text into words, digits and symbols before merges (words), the same with every two-digit run one token
   * (numbers), or merge across them (none).
   *
   * One of `'none'`, `'words'`, `'numbers'`; default `'none'`.
   */
  pieces?: z.input<typeof BuiltinSimulatorOptionsSchema>['pieces'];
  /**
   * AdamW learning rate of updates.
   *
   * A number in (0, 1]; default `0.002`.
   */
  learningRate?: z.input<typeof BuiltinSimulatorOptionsSchema>['learningRate'];
  /**
   * AdamW learning rate of the SFT warm start.
   *
   * A number in (0, 1]; default `0.003`.
   */
  warmStartLearningRate?: z.input<typeof BuiltinSimulatorOptionsSchema>['warmStartLearningRate'];
  /**
   * passes of the SFT warm start over its demonstrations (0 = no warm start).
   *
   * An integer from 0 to 1000; default `3`.
   */
  warmStartEpochs?: z.input<typeof BuiltinSimulatorOptionsSchema>['warmStartEpochs'];
  /**
   * warm-start learning rate: constant, or 5% linear warm-up then cosine decay to a tenth.
   *
   * One of `'constant'`, `'cosine'`; default `'constant'`.
   */
  warmStartSchedule?: z.input<typeof BuiltinSimulatorOptionsSchema>['warmStartSchedule'];
  /**
   * order of the warm-start pairs: shuffled every epoch, or the first epoch shortest first (a curriculum: the first
   * turns of a multi-turn task teach copying before the longer turns need it), then shuffled.
   *
   * One of `'shuffled'`, `'shortest-first'`; default `'shuffled'`.
   */
  warmStartOrder?: z.input<typeof BuiltinSimulatorOptionsSchema>['warmStartOrder'];
  /**
   * sequences per SFT step.
   *
   * An integer from 1 to 4096; default `16`.
   */
  batchSize?: z.input<typeof BuiltinSimulatorOptionsSchema>['batchSize'];
  /**
   * AdamW weight decay (decoupled, scaled by the learning rate).
   *
   * A number in [0, 1]; default `0`.
   */
  weightDecay?: z.input<typeof BuiltinSimulatorOptionsSchema>['weightDecay'];
  /**
   * global gradient-norm clip (0 = off).
   *
   * A number ≥ 0; default `1`.
   */
  clipNorm?: z.input<typeof BuiltinSimulatorOptionsSchema>['clipNorm'];
  /**
   * KL penalty to the reference (agent) / initial simulator.
   *
   * A number in [0, 100]; default `0.02`.
   */
  klCoefficient?: z.input<typeof BuiltinSimulatorOptionsSchema>['klCoefficient'];
  /**
   * per-token estimate of the KL penalty: k1 logπ − logπ_ref, k2 ½(logπ − logπ_ref)², or k3 exp(logπ_ref − logπ) −
   * (logπ_ref − logπ) − 1 (≥ 0, clamped at 10 nats).
   *
   * One of `'k1'`, `'k2'`, `'k3'`; default `'k3'`.
   */
  klEstimator?: z.input<typeof BuiltinSimulatorOptionsSchema>['klEstimator'];
  /**
   * passes over each batch per update.
   *
   * An integer from 1 to 64; default `1`.
   */
  updateEpochs?: z.input<typeof BuiltinSimulatorOptionsSchema>['updateEpochs'];
  /**
   * response/proposal budget in tokens.
   *
   * An integer from 1 to 2048; default `64`.
   */
  maxResponseTokens?: z.input<typeof BuiltinSimulatorOptionsSchema>['maxResponseTokens'];
  /**
   * worker threads for sampling (0 = in process).
   *
   * An integer from 0 to 64; default `0`.
   */
  workers?: z.input<typeof BuiltinSimulatorOptionsSchema>['workers'];
  /**
   * compute backend for the whole process: the native addon, WebAssembly (the reference numbers), or auto (native when
   * built); unset: GENENV_BACKEND, else auto.
   *
   * One of `'auto'`, `'native'`, `'wasm'`.
   */
  backend?: z.input<typeof BuiltinSimulatorOptionsSchema>['backend'];
  /**
   * threads per training step (2 = a helper thread takes the second half of each batch, and the simulator updates on a
   * thread of its own beside the agent's update; the same results either way).
   *
   * An integer from 1 to 2; default `1`.
   */
  trainThreads?: z.input<typeof BuiltinSimulatorOptionsSchema>['trainThreads'];
  /**
   * under the grammar, the share of tokens drawn uniformly among the valid continuations instead of from the model:
   * keeps spec values the warm start never wrote (an unseen phrasing, say) within reach of the curriculum.
   *
   * A number in [0, 0.5]; default `0`.
   */
  explore?: z.input<typeof BuiltinSimulatorOptionsSchema>['explore'];
  /**
   * cap on the KL of one update, measured on the batch.
   *
   * A number > 0; default `0.05`.
   */
  klCap?: z.input<typeof BuiltinSimulatorOptionsSchema>['klCap'];
  /**
   * bonus on the entropy of the simulator's next-token distributions in its RWR update: keeps neighbouring specs (a
   * harder rung) in reach after the in-band records of one epoch repeat a single spec.
   *
   * A number in [0, 10]; default `0`.
   */
  entropyBonus?: z.input<typeof BuiltinSimulatorOptionsSchema>['entropyBonus'];
  /**
   * sample only tokens that continue a valid spec of the domain's grammar (constrained), or any (free).
   *
   * One of `'constrained'`, `'free'`; default `'constrained'`.
   */
  grammar?: z.input<typeof BuiltinSimulatorOptionsSchema>['grammar'];
  /**
   * under the grammar, write a spec of the context seed's family (a variation of the seed, as in the paper), so that a
   * trained simulator cannot drift onto one family; false lets it write any family.
   *
   * Default `true`.
   */
  keepFamily?: z.input<typeof BuiltinSimulatorOptionsSchema>['keepFamily'];
}

/** `agent.options` of an agent served over the OpenAI API (`agent.policy: 'openai:<base URL>#<model>'`). */
export interface OpenAIAgentOptionsInput {
  /**
   * name of the environment variable holding the API key (the key itself is never logged or stored).
   *
   * A string matching `^[A-Za-z_][A-Za-z0-9_]*$`; default `'OPENAI_API_KEY'`.
   */
  apiKeyEnv?: z.input<typeof OpenAIAgentOptionsSchema>['apiKeyEnv'];
  /**
   * requests in flight at most, over all base URLs.
   *
   * An integer from 1 to 65536; default `64`.
   */
  concurrency?: z.input<typeof OpenAIAgentOptionsSchema>['concurrency'];
  /**
   * per-request timeout in seconds.
   *
   * A number in (0, 3600]; default `120`.
   */
  timeoutSeconds?: z.input<typeof OpenAIAgentOptionsSchema>['timeoutSeconds'];
  /**
   * retries per request after 429, 5xx, timeouts or dropped connections.
   *
   * An integer from 0 to 100; default `6`.
   */
  maxRetries?: z.input<typeof OpenAIAgentOptionsSchema>['maxRetries'];
  /**
   * first retry delay in seconds; doubles each retry (full jitter).
   *
   * A number in [0, 60]; default `0.5`.
   */
  retryBaseSeconds?: z.input<typeof OpenAIAgentOptionsSchema>['retryBaseSeconds'];
  /**
   * cap of one retry delay, Retry-After included, in seconds.
   *
   * A number in [0, 600]; default `30`.
   */
  retryMaxSeconds?: z.input<typeof OpenAIAgentOptionsSchema>['retryMaxSeconds'];
  /**
   * max_tokens per completion; unset lets the server decide.
   *
   * An integer from 1 to 1000000.
   */
  maxTokens?: z.input<typeof OpenAIAgentOptionsSchema>['maxTokens'];
  /**
   * sampling temperature used when the loop does not set one.
   *
   * A number in [0, 10].
   */
  temperature?: z.input<typeof OpenAIAgentOptionsSchema>['temperature'];
  /**
   * extra fields merged into every request body (e.g. top_k for vLLM).
   *
   * An object of any fields; default `{}`.
   */
  extraBody?: z.input<typeof OpenAIAgentOptionsSchema>['extraBody'];
  /**
   * tools: native tool calling; text: tools described in the prompt, calls written as <tool_call>{...}</tool_call>.
   *
   * One of `'tools'`, `'text'`; default `'tools'`.
   */
  mode?: z.input<typeof OpenAIAgentOptionsSchema>['mode'];
  /**
   * ask for per-token log-probabilities (kept when the server gives them).
   *
   * Default `true`.
   */
  logprobs?: z.input<typeof OpenAIAgentOptionsSchema>['logprobs'];
  /**
   * n per request; larger groups are split.
   *
   * An integer from 1 to 1024; default `16`.
   */
  choicesPerRequest?: z.input<typeof OpenAIAgentOptionsSchema>['choicesPerRequest'];
}

/** `simulator.options` of a simulator served over the OpenAI API (`simulator.policy: 'openai:<base URL>#<model>'`). */
export interface OpenAISimulatorOptionsInput {
  /**
   * name of the environment variable holding the API key (the key itself is never logged or stored).
   *
   * A string matching `^[A-Za-z_][A-Za-z0-9_]*$`; default `'OPENAI_API_KEY'`.
   */
  apiKeyEnv?: z.input<typeof OpenAISimulatorOptionsSchema>['apiKeyEnv'];
  /**
   * requests in flight at most, over all base URLs.
   *
   * An integer from 1 to 65536; default `64`.
   */
  concurrency?: z.input<typeof OpenAISimulatorOptionsSchema>['concurrency'];
  /**
   * per-request timeout in seconds.
   *
   * A number in (0, 3600]; default `120`.
   */
  timeoutSeconds?: z.input<typeof OpenAISimulatorOptionsSchema>['timeoutSeconds'];
  /**
   * retries per request after 429, 5xx, timeouts or dropped connections.
   *
   * An integer from 0 to 100; default `6`.
   */
  maxRetries?: z.input<typeof OpenAISimulatorOptionsSchema>['maxRetries'];
  /**
   * first retry delay in seconds; doubles each retry (full jitter).
   *
   * A number in [0, 60]; default `0.5`.
   */
  retryBaseSeconds?: z.input<typeof OpenAISimulatorOptionsSchema>['retryBaseSeconds'];
  /**
   * cap of one retry delay, Retry-After included, in seconds.
   *
   * A number in [0, 600]; default `30`.
   */
  retryMaxSeconds?: z.input<typeof OpenAISimulatorOptionsSchema>['retryMaxSeconds'];
  /**
   * max_tokens per completion; unset lets the server decide.
   *
   * An integer from 1 to 1000000.
   */
  maxTokens?: z.input<typeof OpenAISimulatorOptionsSchema>['maxTokens'];
  /**
   * sampling temperature used when the loop does not set one.
   *
   * A number in [0, 10].
   */
  temperature?: z.input<typeof OpenAISimulatorOptionsSchema>['temperature'];
  /**
   * extra fields merged into every request body (e.g. top_k for vLLM).
   *
   * An object of any fields; default `{}`.
   */
  extraBody?: z.input<typeof OpenAISimulatorOptionsSchema>['extraBody'];
  /**
   * structured: response_format json_schema from the domain schema (falls back to json-extract when refused);
   * json-extract: JSON found in free text; free-form: task text plus reference answer.
   *
   * One of `'structured'`, `'json-extract'`, `'free-form'`; default `'structured'`.
   */
  output?: z.input<typeof OpenAISimulatorOptionsSchema>['output'];
  /**
   * json_schema strict flag.
   *
   * Default `true`.
   */
  strict?: z.input<typeof OpenAISimulatorOptionsSchema>['strict'];
  /**
   * k: exemplars from D_env per prompt (in-context RWR).
   *
   * An integer from 0 to 64; default `4`.
   */
  exemplars?: z.input<typeof OpenAISimulatorOptionsSchema>['exemplars'];
  /**
   * D_env records kept for in-context RWR (the most recent ones).
   *
   * An integer from 1 to 1000000; default `512`.
   */
  poolSize?: z.input<typeof OpenAISimulatorOptionsSchema>['poolSize'];
}

/** `options.trainer` of an OpenAI-served player: the trainer hook that updates its weights (docs/serving.md §7). */
export interface TrainerHookOptionsInput {
  /**
   * shell command run per update with the exported data paths; prints the new adapter path.
   *
   * A non-empty string.
   */
  command: z.input<typeof TrainerHookOptionsSchema>['command'];
  /**
   * dataset format the trainer reads.
   *
   * One of `'trl'`, `'verl'`, `'openrlhf'`; default `'trl'`.
   */
  format?: z.input<typeof TrainerHookOptionsSchema>['format'];
  /**
   * how adapters are loaded into the inference server.
   *
   * One of `'vllm'`, `'llama-cpp'`; default `'vllm'`.
   */
  adapters?: z.input<typeof TrainerHookOptionsSchema>['adapters'];
  /** folder for exports and adapters (default: <run dir>/trainer). */
  workDir?: z.input<typeof TrainerHookOptionsSchema>['workDir'];
  /**
   * seconds one run of the command may take before it is stopped (SIGTERM); unset: no limit.
   *
   * A number > 0.
   */
  timeoutSeconds?: z.input<typeof TrainerHookOptionsSchema>['timeoutSeconds'];
  /**
   * how the simulator's RWR weights reach the trainer: a weight column on each row (column), or rows repeated in
   * proportion to their weights, for trainers that ignore weights (resample).
   *
   * One of `'column'`, `'resample'`; default `'column'`.
   */
  weighting?: z.input<typeof TrainerHookOptionsSchema>['weighting'];
}

/** `agent.options` of the simulated student (`agent.policy: 'student'`). */
export interface StudentOptionsInput {
  /**
   * ability before the warm start, on the difficulty scale.
   *
   * A number in [-100, 100]; default `0.5`.
   */
  initialAbility?: z.input<typeof StudentOptionsSchema>['initialAbility'];
  /**
   * ability gained from the warm start (SFT on seeds).
   *
   * A number in [0, 100]; default `0.5`.
   */
  warmStartGain?: z.input<typeof StudentOptionsSchema>['warmStartGain'];
  /**
   * ability gained per update at maximal learning signal.
   *
   * A number in [0, 100]; default `0.35`.
   */
  learningRate?: z.input<typeof StudentOptionsSchema>['learningRate'];
  /**
   * ability gained per rehearsal pair (SFT on D_train) in an update.
   *
   * A number in [0, 1]; default `0`.
   */
  rehearsalGain?: z.input<typeof StudentOptionsSchema>['rehearsalGain'];
  /**
   * slope of the logistic success curve σ(slope·(ability − difficulty)).
   *
   * A number in (0, 100]; default `1.6`.
   */
  slope?: z.input<typeof StudentOptionsSchema>['slope'];
}

/** `simulator.options` of the parametric simulator (`simulator.policy: 'parametric'`). */
export interface ParametricOptionsInput {
  /**
   * RWR step size on the knob logits.
   *
   * A number in (0, 100]; default `2`.
   */
  learningRate?: z.input<typeof ParametricOptionsSchema>['learningRate'];
  /**
   * gradient steps per RWR update.
   *
   * An integer from 1 to 1000; default `10`.
   */
  steps?: z.input<typeof ParametricOptionsSchema>['steps'];
  /**
   * KL penalty to the initial simulator.
   *
   * A number in [0, 100]; default `0.02`.
   */
  klCoefficient?: z.input<typeof ParametricOptionsSchema>['klCoefficient'];
  /**
   * largest KL (nats) of one update from the previous simulator.
   *
   * A number in (0, 100]; default `0.4`.
   */
  klCap?: z.input<typeof ParametricOptionsSchema>['klCap'];
  /**
   * entropy bonus η·H(π) in the RWR objective, keeps the simulator exploring.
   *
   * A number in [0, 100]; default `0`.
   */
  entropyBonus?: z.input<typeof ParametricOptionsSchema>['entropyBonus'];
  /**
   * initial logit slope toward harder knob values (negative favours easy).
   *
   * A number in [-10, 10]; default `0`.
   */
  initialBias?: z.input<typeof ParametricOptionsSchema>['initialBias'];
  /**
   * share of uniform mass mixed into the warm-start distribution, so every knob value stays reachable.
   *
   * A number in [0, 1]; default `0.1`.
   */
  warmStartSmoothing?: z.input<typeof ParametricOptionsSchema>['warmStartSmoothing'];
}

/** `domain.options` of the arithmetic world (`domain.name: 'arithmetic'`). */
export interface ArithmeticOptionsInput {
  /**
   * seed tasks in the base dataset.
   *
   * An integer from 1 to 10000; default `60`.
   */
  seedCount?: z.input<typeof ArithmeticOptionsSchema>['seedCount'];
  /**
   * items per held-out set.
   *
   * An integer from 1 to 10000; default `120`.
   */
  heldOutSize?: z.input<typeof ArithmeticOptionsSchema>['heldOutSize'];
}

/** `domain.options` of the clauses world (`domain.name: 'clauses'`). */
export interface ClausesOptionsInput {
  /**
   * size of the base dataset.
   *
   * An integer from 1 to 5000; default `120`.
   */
  seedTasks?: z.input<typeof ClausesOptionsSchema>['seedTasks'];
  /**
   * instances per held-out set.
   *
   * An integer from 1 to 5000; default `200`.
   */
  heldOutSize?: z.input<typeof ClausesOptionsSchema>['heldOutSize'];
  /**
   * seed of nothing (every variation draws its person from the task seed).
   *
   * An integer from 0 to 2147483647; default `1`.
   */
  worldSeed?: z.input<typeof ClausesOptionsSchema>['worldSeed'];
  /**
   * agent reward: 1 for the exact calls (exact), or the F1 of matched tools and arguments (partial); success (p̂,
   * held-out accuracy) is the exact calls under both.
   *
   * One of `'exact'`, `'partial'`; default `'exact'`.
   */
  reward?: z.input<typeof ClausesOptionsSchema>['reward'];
  /**
   * the lengths of the compositions of the seed tasks and test-id.
   *
   * Default `{"clauses":[1,3]}`.
   */
  seedClauses?: {
    /**
     * clauses of the seeds and test-id.
     *
     * A pair of integers from 1 to 24; default `[1,3]`.
     */
    clauses?: NonNullable<z.input<typeof ClausesOptionsSchema>['seedClauses']>['clauses'];
  };
  /**
   * the lengths of the compositions of test-hard.
   *
   * Default `{"clauses":[5,6]}`.
   */
  hardClauses?: {
    /**
     * clauses of test-hard.
     *
     * A pair of integers from 1 to 24; default `[5,6]`.
     */
    clauses?: NonNullable<z.input<typeof ClausesOptionsSchema>['hardClauses']>['clauses'];
  };
  /**
   * how many times longer a composition may be than the original world's 1–6 clauses (the longest far beyond what the
   * warm-started agent solves); the seeds, test-id and test-hard stay where they are.
   *
   * An integer from 1 to 4; default `1`.
   */
  width?: z.input<typeof ClausesOptionsSchema>['width'];
}

/** `domain.options` of the household world (`domain.name: 'household'`). */
export interface HouseholdOptionsInput {
  /**
   * size of the base dataset.
   *
   * An integer from 1 to 5000; default `120`.
   */
  seedTasks?: z.input<typeof HouseholdOptionsSchema>['seedTasks'];
  /**
   * instances per held-out set.
   *
   * An integer from 1 to 2000; default `100`.
   */
  heldOutSize?: z.input<typeof HouseholdOptionsSchema>['heldOutSize'];
  /**
   * how many times more search receptacles (and deeper targets) than the original household's 6 (its longest plans far
   * beyond what the warm-started agent solves); the seeds, test-id and test-hard stay where they are.
   *
   * An integer from 1 to 3; default `1`.
   */
  width?: z.input<typeof HouseholdOptionsSchema>['width'];
}

/** `domain.options` of the ladder world (`domain.name: 'ladder'`). */
export interface LadderOptionsInput {
  /**
   * size of the base dataset.
   *
   * An integer from 1 to 5000; default `120`.
   */
  seedTasks?: z.input<typeof LadderOptionsSchema>['seedTasks'];
  /**
   * instances per held-out set.
   *
   * An integer from 1 to 5000; default `200`.
   */
  heldOutSize?: z.input<typeof LadderOptionsSchema>['heldOutSize'];
  /**
   * seed of nothing (every variation draws its person from the task seed).
   *
   * An integer from 0 to 2147483647; default `1`.
   */
  worldSeed?: z.input<typeof LadderOptionsSchema>['worldSeed'];
  /**
   * agent reward: 1 for the exact calls (exact), or the F1 of matched tools and arguments (partial); success (p̂,
   * held-out accuracy) is the exact calls under both.
   *
   * One of `'exact'`, `'partial'`; default `'exact'`.
   */
  reward?: z.input<typeof LadderOptionsSchema>['reward'];
  /**
   * the rungs of the seeds and test-id: the [low, high] range of each knob, inclusive.
   *
   * Default `{"constraints":[1,2],"distractors":[0,1]}`.
   */
  seedRungs?: {
    /**
     * constraints of the seeds and test-id.
     *
     * A pair of integers from 1 to 6; default `[1,2]`.
     */
    constraints?: NonNullable<z.input<typeof LadderOptionsSchema>['seedRungs']>['constraints'];
    /**
     * distractors of the seeds and test-id.
     *
     * A pair of integers from 0 to 24; default `[0,1]`.
     */
    distractors?: NonNullable<z.input<typeof LadderOptionsSchema>['seedRungs']>['distractors'];
  };
  /**
   * the rungs of test-hard: the [low, high] range of each knob, inclusive.
   *
   * Default `{"constraints":[3,4],"distractors":[2,4]}`.
   */
  hardRungs?: {
    /**
     * constraints of test-hard.
     *
     * A pair of integers from 1 to 6; default `[3,4]`.
     */
    constraints?: NonNullable<z.input<typeof LadderOptionsSchema>['hardRungs']>['constraints'];
    /**
     * distractors of test-hard.
     *
     * A pair of integers from 0 to 24; default `[2,4]`.
     */
    distractors?: NonNullable<z.input<typeof LadderOptionsSchema>['hardRungs']>['distractors'];
  };
  /**
   * how many times wider the distractor knob is than the original ladder's 0–6 (its top rungs far above what the
   * warm-started agent solves); the seeds, test-id and test-hard stay where they are.
   *
   * An integer from 1 to 4; default `1`.
   */
  width?: z.input<typeof LadderOptionsSchema>['width'];
}

/** `domain.options` of the multihop world (`domain.name: 'multihop'`). */
export interface MultihopOptionsInput {
  /**
   * size of the base dataset.
   *
   * An integer from 1 to 5000; default `120`.
   */
  seedTasks?: z.input<typeof MultihopOptionsSchema>['seedTasks'];
  /**
   * instances per held-out set.
   *
   * An integer from 1 to 2000; default `100`.
   */
  heldOutSize?: z.input<typeof MultihopOptionsSchema>['heldOutSize'];
}

/** `domain.options` of the toolworld world (`domain.name: 'toolworld'`). */
export interface ToolWorldOptionsInput {
  /**
   * size of the base dataset.
   *
   * An integer from 1 to 5000; default `500`.
   */
  seedTasks?: z.input<typeof ToolWorldOptionsSchema>['seedTasks'];
  /**
   * instances per held-out set.
   *
   * An integer from 1 to 5000; default `200`.
   */
  heldOutSize?: z.input<typeof ToolWorldOptionsSchema>['heldOutSize'];
  /**
   * seed of the in-memory world.
   *
   * An integer from 0 to 2147483647; default `1`.
   */
  worldSeed?: z.input<typeof ToolWorldOptionsSchema>['worldSeed'];
  /**
   * agent reward: 1 for the exact call sequence (exact), or the F1 of matched call names and argument values (partial);
   * success (p̂, held-out accuracy) is the exact match under both.
   *
   * One of `'exact'`, `'partial'`; default `'exact'`.
   */
  reward?: z.input<typeof ToolWorldOptionsSchema>['reward'];
}

/** `domain.options` of the travel world (`domain.name: 'travel'`). */
export interface TravelOptionsInput {
  /**
   * size of the base dataset.
   *
   * An integer from 1 to 5000; default `400`.
   */
  seedTasks?: z.input<typeof TravelOptionsSchema>['seedTasks'];
  /**
   * instances per held-out set.
   *
   * An integer from 1 to 5000; default `200`.
   */
  heldOutSize?: z.input<typeof TravelOptionsSchema>['heldOutSize'];
  /**
   * seed of the generated sandbox.
   *
   * An integer from 0 to 2147483647; default `1`.
   */
  worldSeed?: z.input<typeof TravelOptionsSchema>['worldSeed'];
  /**
   * agent reward: 1 for TravelPlanner's final pass (exact), or the share of its 13 checks passed (partial); success
   * (p̂, held-out accuracy) is the final pass under both.
   *
   * One of `'exact'`, `'partial'`; default `'exact'`.
   */
  reward?: z.input<typeof TravelOptionsSchema>['reward'];
}
