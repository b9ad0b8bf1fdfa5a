import { exponentials } from '../models/elementwise.ts';
import { kernels } from '../models/kernels.ts';
import type { ModelConfig } from '../models/model-config.ts';
import { Random } from '../util/random.ts';

/** One operation: its FLOPs per call and a call on prepared inputs. */
interface Operation {
  name: string;
  flops: number;
  call: () => void;
}

/** CPU seconds (user + system) of `work`: on a shared machine, the time the work itself took on a core. */
function cpuSeconds(work: () => void): number {
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

/** The operations of a training step and of a decode step at the model's shape, on the active kernels. */
function operations(config: ModelConfig, batch: number, length: number): Operation[] {
  const random = new Random(7);
  const draw = (size: number) => Float32Array.from({ length: size }, () => random.normal());
  const { modelWidth: width, hiddenWidth: hidden, heads, vocabSize: vocab } = config;
  const headWidth = width / heads;
  const rows = batch * length;
  const x = draw(rows * width);
  const w = draw(width * hidden);
  const y = draw(rows * hidden);
  const out = new Float32Array(rows * Math.max(width, hidden));
  const weights = new Float32Array(width * hidden);
  const [q, k, v, dOut] = [draw(rows * width), draw(rows * width), draw(rows * width), draw(rows * width)];
  const attended = new Float32Array(rows * width);
  const probabilities = new Float32Array(batch * heads * length * length);
  const [dq, dk, dv] = [new Float32Array(rows * width), new Float32Array(rows * width), new Float32Array(rows * width)];
  kernels.causalAttentionForward(q, k, v, attended, probabilities, batch, length, heads, headWidth);
  // Decoding: one new row per sequence against the head matrix and a cache filled to `length` positions.
  const head = draw(width * vocab);
  const logits = new Float32Array(batch * vocab);
  const query = draw(batch * width);
  const [keys, values] = [draw(batch * length * width), draw(batch * length * width)];
  const sequences = Int32Array.from({ length: batch }, (_, row) => row);
  const positions = Int32Array.from({ length: batch }, () => length - 1);
  const pairs = (length * (length + 1)) / 2;
  return [
    {
      name: 'matmul',
      flops: 2 * rows * width * hidden,
      call: () => kernels.matmul(x, w, out, rows, width, hidden, 'overwrite'),
    },
    {
      name: 'matmulTransposedB',
      flops: 2 * rows * hidden * width,
      call: () => kernels.matmulTransposedB(y, w, out, rows, hidden, width, 'overwrite'),
    },
    {
      name: 'matmulTransposedA',
      flops: 2 * width * rows * hidden,
      call: () => kernels.matmulTransposedA(x, y, weights, width, rows, hidden, 'accumulate'),
    },
    {
      name: 'decodeHeadMatmul',
      flops: 2 * batch * width * vocab,
      call: () => kernels.matmul(query, head, logits, batch, width, vocab, 'overwrite'),
    },
    {
      name: 'attentionForward',
      flops: 2 * 2 * batch * heads * pairs * headWidth,
      call: () => kernels.causalAttentionForward(q, k, v, attended, probabilities, batch, length, heads, headWidth),
    },
    {
      name: 'attentionBackward',
      flops: 4 * 2 * batch * heads * pairs * headWidth,
      call: () =>
        kernels.causalAttentionBackward(q, k, v, probabilities, dOut, dq, dk, dv, batch, length, heads, headWidth),
    },
    {
      name: 'cachedAttention',
      flops: 2 * 2 * batch * length * width,
      call: () =>
        kernels.cachedAttention(query, keys, values, attended, sequences, positions, length, heads, headWidth),
    },
  ];
}

/**
 * GFLOP/s per CPU second of each operation of training and decoding at the model's shape (`batch` sequences of
 * `length` tokens), on the active kernels and the threads they are given (per CPU second, so other processes on a
 * shared machine do not count). Keys: `<operation>.gflopsPerCpuSecond`.
 */
export function operationFigures(
  config: ModelConfig,
  batch: number,
  length: number,
  quick: boolean,
): Record<string, number> {
  const figures: Record<string, number> = {};
  for (const { name, flops, call } of operations(config, batch, length)) {
    call(); // warm-up
    // The fastest of a few windows of about 5·10⁸ FLOPs each (5·10⁷ quick): some tens of milliseconds.
    const perWindow = Math.max(1, Math.ceil((quick ? 5e7 : 5e8) / flops));
    let best = Number.POSITIVE_INFINITY;
    for (let window = 0; window < (quick ? 1 : 3); window++)
      best = Math.min(
        best,
        cpuSeconds(() => {
          for (let repeat = 0; repeat < perWindow; repeat++) call();
        }) / perWindow,
      );
    const gflops = flops / Math.max(best, 1e-9) / 1e9;
    figures[`${name}.gflopsPerCpuSecond`] = gflops;
  }
  return figures;
}

/**
 * The exponentials of sampling and of the copy head (ModelKernels.exponentials: Math.exp's doubles) over rows of
 * `vocab` log-probabilities, on the active kernels and as the plain JavaScript loop, per CPU second. Keys:
 * `exponentials.nanosecondsPerArgument` (the kernels, one call per row, its call included),
 * `exponentials.javascriptNanosecondsPerArgument` and `exponentials.overJavaScript` (how many times faster, > 0).
 */
export function exponentialFigures(vocab: number, quick: boolean): Record<string, number> {
  const random = new Random(9);
  const rows = 64;
  const source = Float32Array.from({ length: rows * vocab }, () => -12 * random.next() ** 2);
  const target = new Float64Array(vocab);
  const repeats = quick ? 20 : 100;
  const time = (row: (offset: number) => void) => {
    row(0); // warm-up
    let best = Number.POSITIVE_INFINITY;
    for (let window = 0; window < (quick ? 1 : 3); window++)
      best = Math.min(
        best,
        cpuSeconds(() => {
          for (let repeat = 0; repeat < repeats; repeat++)
            for (let index = 0; index < rows; index++) row(index * vocab);
        }),
      );
    return (best / (repeats * rows * vocab)) * 1e9;
  };
  const active = time((offset) => kernels.exponentials(source, offset, vocab, 0, 1, null, target));
  const plain = time((offset) => exponentials(source, offset, vocab, 0, 1, null, target));
  return {
    'exponentials.nanosecondsPerArgument': active,
    'exponentials.javascriptNanosecondsPerArgument': plain,
    'exponentials.overJavaScript': plain / Math.max(active, 1e-12),
  };
}
