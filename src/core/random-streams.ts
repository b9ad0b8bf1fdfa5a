import { deriveSeed } from '../util/random.ts';

/**
 * Every random stream of a run, by name: each is derived from (run seed, epoch, purpose), so a resumed run
 * draws exactly what an uninterrupted one draws. The derivations are those of the first release (streams
 * drawn before epoch 0 were labelled with epochs −1 and −2), kept so that stored runs stay reproducible.
 */
export class RandomStreams {
  constructor(readonly runSeed: number) {}

  /** Simulator contexts of an epoch (seed order). */
  contexts(epoch: number): number {
    return deriveSeed(this.runSeed, epoch, 'contexts');
  }
  /** Contexts of the static variant's pool, generated before epoch 0. */
  staticPoolContexts(): number {
    return deriveSeed(this.runSeed, -1, 'contexts');
  }
  /** The static variant's pool proposals. */
  staticPoolProposals(): number {
    return deriveSeed(this.runSeed, 'static-pool');
  }
  /** Contexts the simulator warm-starts on. */
  warmStartContexts(): number {
    return deriveSeed(this.runSeed, -2, 'contexts');
  }
  /** Pairs of (context seed, target seed) of the simulator's warm start. */
  warmStartPairs(): number {
    return deriveSeed(this.runSeed, 'warm-start', 'pairs');
  }
  warmStartAgent(): number {
    return deriveSeed(this.runSeed, 'warm-start', 'agent');
  }
  /** The agent's greedy answers on the warm start's validation split. */
  warmStartValidation(): number {
    return deriveSeed(this.runSeed, 'warm-start', 'validation-answers');
  }
  warmStartSimulator(): number {
    return deriveSeed(this.runSeed, 'warm-start', 'simulator');
  }
  /** Sampling of an epoch's proposals (simulator or teacher). */
  propose(epoch: number): number {
    return deriveSeed(this.runSeed, epoch, 'propose');
  }
  /** The `uniform` variant's knob draws of an epoch. */
  uniform(epoch: number): number {
    return deriveSeed(this.runSeed, epoch, 'uniform');
  }
  /** The dynamic variant's knob draws of one screening round of an epoch. */
  dynamicDraws(epoch: number, round: number): number {
    return deriveSeed(this.runSeed, epoch, 'dynamic', round);
  }
  /** The simulator contexts the dynamic-frozen variant's candidates of one screening round answer. */
  dynamicContexts(epoch: number, round: number): number {
    return deriveSeed(this.runSeed, epoch, 'dynamic-contexts', round);
  }
  /** The frozen simulator's sampling of one screening round's candidates (dynamic-frozen). */
  dynamicPropose(epoch: number, round: number): number {
    return deriveSeed(this.runSeed, epoch, 'dynamic-propose', round);
  }
  /** The agent's samples on the screened variations of one screening round's draws. */
  dynamicScreen(epoch: number, round: number): number {
    return deriveSeed(this.runSeed, epoch, 'dynamic-screen', round);
  }
  /** The agent's samples on the variations the screen did not attempt, of the draws one screening round kept. */
  dynamicRollout(epoch: number, round: number): number {
    return deriveSeed(this.runSeed, epoch, 'dynamic-rollout', round);
  }
  /**
   * The agent's further samples on the screened variations of the draws one screening round kept, up to G each (a
   * screen of fewer than G rollouts a variation).
   */
  dynamicScreenRest(epoch: number, round: number): number {
    return deriveSeed(this.runSeed, epoch, 'dynamic-screen-rest', round);
  }
  /** The selector variant's uniform draws of an epoch, its task types chosen among them. */
  selectorDraws(epoch: number): number {
    return deriveSeed(this.runSeed, epoch, 'selector');
  }
  /** Which frontier parents the simulator's contexts of an epoch carry. */
  parentContexts(epoch: number): number {
    return deriveSeed(this.runSeed, epoch, 'parent-contexts');
  }
  /** Which recent task types the simulator's contexts of an epoch show (history conditioning). */
  contextHistory(epoch: number): number {
    return deriveSeed(this.runSeed, epoch, 'context-history');
  }
  /** The contexts an epoch's random edits of frontier parents answer, and which parents they carry. */
  editContexts(epoch: number): number {
    return deriveSeed(this.runSeed, epoch, 'edit-contexts');
  }
  /** The random edits of an epoch's frontier parents (ACCEL's mutation), and the edits a parent's context offers. */
  edits(epoch: number): number {
    return deriveSeed(this.runSeed, epoch, 'edits');
  }
  /** The frontier sampler's cell draws of an epoch. */
  frontier(epoch: number): number {
    return deriveSeed(this.runSeed, epoch, 'frontier');
  }
  /** The simulator contexts the frontier sampler's draws of an epoch answer (they train the simulator too). */
  frontierContexts(epoch: number): number {
    return deriveSeed(this.runSeed, epoch, 'frontier-contexts');
  }
  /** The n variations of a proposal. */
  instantiate(epoch: number, proposalId: string): number {
    return deriveSeed(this.runSeed, epoch, 'instantiate', proposalId);
  }
  /** Which D_train instances an epoch replays. */
  replay(epoch: number): number {
    return deriveSeed(this.runSeed, epoch, 'replay');
  }
  /** The agent's samples on an epoch's generated task types. */
  rollout(epoch: number): number {
    return deriveSeed(this.runSeed, epoch, 'rollout');
  }
  /** The agent's samples on replayed and base task types. */
  replayRollout(epoch: number): number {
    return deriveSeed(this.runSeed, epoch, 'replay-rollout');
  }
  /** The rehearsal pairs drawn from D_train. */
  rehearsal(epoch: number): number {
    return deriveSeed(this.runSeed, epoch, 'rehearsal');
  }
  agentUpdate(epoch: number): number {
    return deriveSeed(this.runSeed, epoch, 'agent-update');
  }
  simulatorUpdate(epoch: number): number {
    return deriveSeed(this.runSeed, epoch, 'simulator-update');
  }
  /** Held-out evaluation after an epoch. */
  heldOut(epoch: number): number {
    return deriveSeed(this.runSeed, epoch, 'held-out');
  }
}
