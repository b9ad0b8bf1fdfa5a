import { Random } from '../util/random.ts';
import type { ModelConfig } from './model-config.ts';

/** Where one named tensor lives inside the flat parameter vector. Weights are stored [in, out], row-major. */
export interface TensorSlot {
  name: string;
  offset: number;
  shape: number[];
  size: number;
}

/** Offsets of one transformer block's tensors. */
export interface LayerSlots {
  attentionNorm: TensorSlot;
  query: TensorSlot;
  key: TensorSlot;
  value: TensorSlot;
  attentionOutput: TensorSlot;
  feedForwardNorm: TensorSlot;
  gate: TensorSlot;
  up: TensorSlot;
  down: TensorSlot;
}

/** Offsets of the copy head's tensors (copy-head.ts). */
export interface CopySlots {
  query: TensorSlot;
  key: TensorSlot;
  gate: TensorSlot;
}

/** The layout of every tensor in one flat Float32Array (so optimiser, checkpoints and copies are one loop). */
export interface ParameterLayout {
  embedding: TensorSlot;
  layers: LayerSlots[];
  finalNorm: TensorSlot;
  /** [width, vocab]; null when the head is tied to the embedding. */
  output: TensorSlot | null;
  /** The copy head's query and key projections [width, headWidth] and gate [width + 1] (weights, then bias). */
  copy: CopySlots | null;
  slots: TensorSlot[];
  size: number;
}

/** Builds the layout for a config (pure). */
export function parameterLayout(config: ModelConfig): ParameterLayout {
  const slots: TensorSlot[] = [];
  let offset = 0;
  const slot = (name: string, shape: number[]): TensorSlot => {
    const size = shape.reduce((product, extent) => product * extent, 1);
    const created = { name, offset, shape, size };
    offset += size;
    slots.push(created);
    return created;
  };
  const width = config.modelWidth;
  const hidden = config.hiddenWidth;
  const embedding = slot('embedding', [config.vocabSize, width]);
  const layers: LayerSlots[] = [];
  for (let layer = 0; layer < config.layers; layer++) {
    const prefix = `layers.${layer}.`;
    layers.push({
      attentionNorm: slot(`${prefix}attention_norm`, [width]),
      query: slot(`${prefix}attention.wq`, [width, width]),
      key: slot(`${prefix}attention.wk`, [width, width]),
      value: slot(`${prefix}attention.wv`, [width, width]),
      attentionOutput: slot(`${prefix}attention.wo`, [width, width]),
      feedForwardNorm: slot(`${prefix}ffn_norm`, [width]),
      gate: slot(`${prefix}feed_forward.w1`, [width, hidden]),
      up: slot(`${prefix}feed_forward.w3`, [width, hidden]),
      down: slot(`${prefix}feed_forward.w2`, [hidden, width]),
    });
  }
  const finalNorm = slot('norm', [width]);
  const output = config.tieEmbeddings ? null : slot('output', [width, config.vocabSize]);
  const copyWidth = width / config.heads;
  const copy = config.copyHead
    ? {
        query: slot('copy.wq', [width, copyWidth]),
        key: slot('copy.wk', [width, copyWidth]),
        gate: slot('copy.gate', [width + 1]),
      }
    : null;
  return { embedding, layers, finalNorm, output, copy, slots, size: offset };
}

/** View of one tensor inside the flat vector (no copy). */
export function view(data: Float32Array, tensor: TensorSlot): Float32Array {
  return data.subarray(tensor.offset, tensor.offset + tensor.size);
}

/**
 * Fresh weights (deterministic in `seed`): norm gains 1, embeddings N(0, 0.02²), projections
 * N(0, 1/fan_in), residual outputs (wo, w2) further scaled by 1/√(2·layers) as in GPT-2; the copy head's
 * projections N(0, 1/width) and its gate weights N(0, 0.02²) with bias 0 (an even mixture at first). The copy
 * head is drawn last, so a model without it has the same weights for the same seed.
 */
export function initializeParameters(config: ModelConfig, seed: number): Float32Array {
  const layout = parameterLayout(config);
  const data = new Float32Array(layout.size);
  const random = new Random(seed);
  const fill = (tensor: TensorSlot, deviation: number) => {
    const target = view(data, tensor);
    for (let index = 0; index < target.length; index++) target[index] = random.normal() * deviation;
  };
  const residualScale = 1 / Math.sqrt(2 * config.layers);
  fill(layout.embedding, 0.02);
  for (const layer of layout.layers) {
    view(data, layer.attentionNorm).fill(1);
    view(data, layer.feedForwardNorm).fill(1);
    fill(layer.query, 1 / Math.sqrt(config.modelWidth));
    fill(layer.key, 1 / Math.sqrt(config.modelWidth));
    fill(layer.value, 1 / Math.sqrt(config.modelWidth));
    fill(layer.attentionOutput, residualScale / Math.sqrt(config.modelWidth));
    fill(layer.gate, 1 / Math.sqrt(config.modelWidth));
    fill(layer.up, 1 / Math.sqrt(config.modelWidth));
    fill(layer.down, residualScale / Math.sqrt(config.hiddenWidth));
  }
  view(data, layout.finalNorm).fill(1);
  if (layout.output) fill(layout.output, 0.02);
  if (layout.copy) {
    fill(layout.copy.query, 1 / Math.sqrt(config.modelWidth));
    fill(layout.copy.key, 1 / Math.sqrt(config.modelWidth));
    fill(layout.copy.gate, 0.02);
    view(data, layout.copy.gate)[config.modelWidth] = 0;
  }
  return data;
}
