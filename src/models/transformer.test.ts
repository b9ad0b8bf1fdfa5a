import { describe, expect, it } from 'vitest';
import { Random } from '../util/random.ts';
import { ModelConfigSchema } from './model-config.ts';
import { javascriptKernels } from './kernels-js.ts';
import { initializeParameters } from './parameters.ts';
import { consecutiveRuns, Transformer, type TokenBatch } from './transformer.ts';

const config = ModelConfigSchema.parse({
  vocabSize: 11,
  modelWidth: 8,
  layers: 2,
  heads: 2,
  hiddenWidth: 12,
  contextLength: 8,
});
const tiedConfig = ModelConfigSchema.parse({ ...config, tieEmbeddings: true });
const copyConfig = ModelConfigSchema.parse({ ...config, copyHead: true });
const tiedCopyConfig = ModelConfigSchema.parse({ ...config, tieEmbeddings: true, copyHead: true });

function tinyBatch(): TokenBatch {
  const random = new Random(3);
  const batch = 2;
  const length = 5;
  const tokens = new Int32Array(batch * length).map(() => random.int(0, config.vocabSize - 1));
  const targets = new Int32Array(batch * length).map(() => random.int(0, config.vocabSize - 1));
  targets[0] = -1; // a prompt position: no loss
  targets[7] = -1;
  return { batch, length, tokens, targets };
}

describe('consecutive runs of head rows', () => {
  it('splits rows into runs of consecutive numbers, each with its first entry, its end and its first row', () => {
    expect(consecutiveRuns(Int32Array.from([0, 1, 2, 5, 6, 9]))).toEqual([
      { first: 0, end: 3, row: 0 },
      { first: 3, end: 5, row: 5 },
      { first: 5, end: 6, row: 9 },
    ]);
    expect(consecutiveRuns(Int32Array.from([4]))).toEqual([{ first: 0, end: 1, row: 4 }]);
    expect(consecutiveRuns(new Int32Array(0))).toEqual([]);
  });
});

describe('transformer backward', () => {
  it.each([
    ['separate output head', config],
    ['output head tied to the embedding', tiedConfig],
    ['copy head', copyConfig],
    ['copy head with a tied output head', tiedCopyConfig],
  ] as const)('matches central finite differences of Σ a·log p + b·H (%s)', (_, shape) => {
    const model = new Transformer(shape);
    const parameters = initializeParameters(shape, 7);
    // Larger weights than init so that gradients are not tiny; float64 would be nicer but f32 is what runs.
    for (let index = 0; index < parameters.length; index++) parameters[index] = parameters[index]! * 1.5;
    const input = tinyBatch();
    const random = new Random(11);
    const gradLogprob = new Float32Array(input.batch * input.length).map(() => random.normal());
    const gradEntropy = new Float32Array(input.batch * input.length).map(() => 0.5 * random.normal());
    const objective = (values: Float32Array) => {
      const pass = model.forward(values, input);
      let total = 0;
      for (let row = 0; row < gradLogprob.length; row++) {
        if (input.targets[row]! < 0) continue;
        total += gradLogprob[row]! * pass.targetLogprobs[row]! + gradEntropy[row]! * pass.entropies[row]!;
      }
      return total;
    };
    const gradients = new Float32Array(parameters.length);
    const pass = model.forward(parameters, input);
    const maskedEntropy = gradEntropy.map((value, row) => (input.targets[row]! < 0 ? 0 : value));
    model.backward(parameters, pass, gradLogprob, maskedEntropy, gradients);
    // Check a spread of coordinates in every tensor.
    let checked = 0;
    let expected = 0;
    for (const slot of model.layout.slots) {
      // The copy head's tensors are small and new: probe more of them.
      const probes = slot.name.startsWith('copy.') ? 12 : 4;
      expected += probes;
      for (let probe = 0; probe < probes; probe++) {
        const index = slot.offset + random.int(0, slot.size - 1);
        const original = parameters[index]!;
        const step = 1e-3;
        parameters[index] = original + step;
        const plus = objective(parameters);
        parameters[index] = original - step;
        const minus = objective(parameters);
        parameters[index] = original;
        const numeric = (plus - minus) / (2 * step);
        expect(Math.abs(numeric - gradients[index]!), `${slot.name}[${index - slot.offset}]`).toBeLessThan(
          1e-2 + 3e-2 * Math.abs(numeric),
        );
        checked++;
      }
    }
    expect(checked).toBe(expected);
    expect(model.layout.output === null).toBe(shape.tieEmbeddings);
    expect(model.layout.copy === null).toBe(!shape.copyHead);
  });
});

describe('a pass without the copy head entropies', () => {
  it('gives the same log-probabilities and log-probability gradients', () => {
    const model = new Transformer(copyConfig);
    const parameters = initializeParameters(copyConfig, 5);
    const input = tinyBatch();
    const random = new Random(2);
    const gradLogprob = new Float32Array(input.batch * input.length).map(() => random.normal());
    const fromFull = new Float32Array(parameters.length);
    const fromLean = new Float32Array(parameters.length);
    // Backward runs on the latest pass only: each forward reuses the transformer's activation buffers.
    const full = model.forward(parameters, input);
    model.backward(parameters, full, gradLogprob, null, fromFull);
    const lean = model.forward(parameters, input, [], false);
    model.backward(parameters, lean, gradLogprob, null, fromLean);
    expect(() => model.backward(parameters, full, gradLogprob, null, fromFull)).toThrow(/not the latest/);
    expect(lean.targetLogprobs).toEqual(full.targetLogprobs);
    expect(lean.logProbabilities).toEqual(full.logProbabilities);
    // The mixture's entropies differ from the generator's, which is all a lean pass holds.
    expect(lean.entropies).not.toEqual(full.entropies);
    expect(fromLean).toEqual(fromFull);
  });
});

describe('attention through the matrix kernels', () => {
  it('equals the plain-loop reference, forward and backward', async () => {
    const { causalAttentionForward, causalAttentionBackward } = await import('./attention-kernels.ts');
    const { causalAttentionForwardLoops, causalAttentionBackwardLoops } = await import('./attention.ts');
    const random = new Random(4);
    const [batch, length, heads, headWidth] = [2, 7, 3, 4];
    const size = batch * length * heads * headWidth;
    const draw = () => Float32Array.from({ length: size }, () => random.normal());
    const [q, k, v, dOut] = [draw(), draw(), draw(), draw()];
    const results = [0, 1].map((variant) => {
      const out = new Float32Array(size);
      const probabilities = new Float32Array(batch * heads * length * length);
      const [dq, dk, dv] = [new Float32Array(size), new Float32Array(size), new Float32Array(size)];
      const forward = variant ? causalAttentionForward.bind(null, javascriptKernels) : causalAttentionForwardLoops;
      forward(q, k, v, out, probabilities, batch, length, heads, headWidth);
      const backward = variant ? causalAttentionBackward.bind(null, javascriptKernels) : causalAttentionBackwardLoops;
      backward(q, k, v, probabilities, dOut, dq, dk, dv, batch, length, heads, headWidth);
      return [out, dq, dk, dv];
    });
    results[0]!.forEach((expected, index) => {
      expected.forEach((value, position) => {
        expect(results[1]![index]![position]).toBeCloseTo(value, 4);
      });
    });
  });
});
