import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeBackend, nativeThreads, setNativeThreads } from '../models/kernels.ts';
import { benchAdam, benchSetup, type BenchSetup, benchTrainer, warmUp } from './model-bench.ts';
import { TorchStepServer } from './torch-step-server.ts';
import { findTorchPython, type TorchPython } from './torch-python.ts';

/** How many steps each side takes per turn and how many turns each, alternating (PyTorch first). */
function schedule(quick: boolean) {
  return quick
    ? { stepsPerTurn: 1, turns: 2, torchWarmUpSteps: 1 }
    : { stepsPerTurn: 4, turns: 6, torchWarmUpSteps: 4 };
}

/** The fastest and the median of some step times (milliseconds). */
export function stepFigures(milliseconds: readonly number[]): { fastest: number; median: number } {
  if (milliseconds.length === 0) throw new RangeError('no step times');
  const sorted = [...milliseconds].sort((first, second) => first - second);
  return { fastest: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]! };
}

/**
 * genenv on `threads` threads: one thread alone (a native pool of one), or the main thread and a training thread
 * taking half of every batch (trainThreads: 2) with a native pool of threads − 1 (the caller is one of its threads).
 */
function genenvThreads(threads: number): { helperThread: boolean; pool: number } {
  return threads >= 2 ? { helperThread: true, pool: threads - 1 } : { helperThread: false, pool: 1 };
}

const threadsName = (threads: number) =>
  threads === 1 ? 'oneThread' : threads === 2 ? 'twoThreads' : `threads${threads}`;

/** The wall-clock and CPU milliseconds (all the process's threads) of each of a turn's PyTorch steps. */
interface StepTimes {
  milliseconds: number[];
  cpuMilliseconds: number[];
}

/** PyTorch's loss on the batch under the initial weights, its version, threads and BLAS, from the server's setup. */
interface ServerReady {
  torch: string;
  threads: number;
  waitPolicy: string;
  blas: string;
  loss: number;
}

/**
 * One thread count: a PyTorch step server and a genenv trainer on the same weights and batch, warmed up, then turns
 * of PyTorch steps and genenv steps in alternation, each step timed alone.
 */
async function compareAt(setup: BenchSetup, peer: TorchPython, weights: string, threads: number, quick: boolean) {
  const plan = schedule(quick);
  const server = TorchStepServer.start(peer.python, threads);
  const { helperThread, pool } = genenvThreads(threads);
  setNativeThreads(pool);
  const trainer = benchTrainer(setup, helperThread);
  try {
    const ready = await server.request<ServerReady>({
      config: setup.config,
      weights,
      sequences: setup.sequences,
      adam: benchAdam,
    });
    // genenv's loss on the batch under the same initial weights: the two models and batches are the same one.
    const logprobs = trainer.model.scoreFrozen(setup.sequences, { entropies: false }).logprobs;
    const tokens = logprobs.reduce((sum, values) => sum + values.length, 0);
    const genenvLoss = -logprobs.reduce((sum, values) => sum + values.reduce((total, value) => total + value, 0), 0);
    warmUp(setup, trainer.trainStep);
    await server.request({ steps: plan.torchWarmUpSteps });
    const torch = { wall: [] as number[], cpu: [] as number[] };
    const genenv = { wall: [] as number[], cpu: [] as number[] };
    for (let turn = 0; turn < plan.turns; turn++) {
      const turnTimes = await server.request<StepTimes>({ steps: plan.stepsPerTurn });
      torch.wall.push(...turnTimes.milliseconds);
      torch.cpu.push(...turnTimes.cpuMilliseconds);
      for (let step = 0; step < plan.stepsPerTurn; step++) {
        const cpuStart = process.cpuUsage();
        const start = performance.now();
        trainer.trainStep();
        genenv.wall.push(performance.now() - start);
        const cpu = process.cpuUsage(cpuStart);
        genenv.cpu.push((cpu.user + cpu.system) / 1000);
      }
    }
    return {
      ready,
      genenvLoss: genenvLoss / tokens,
      genenvKernel: describeBackend(),
      genenv: stepFigures(genenv.wall),
      torch: stepFigures(torch.wall),
      genenvCpu: stepFigures(genenv.cpu),
      torchCpu: stepFigures(torch.cpu),
    };
  } finally {
    await trainer.close();
    await server.close();
  }
}

/**
 * genenv's training step beside PyTorch's eager CPU step (forward, mean token NLL, backward, gradient-norm clip,
 * AdamW) on the speed bench's model shape, batch and initial weights, on 1 and 2 threads each (`threads`), measured
 * in alternating turns in one run: the fastest and median milliseconds of each and their ratios genenv / PyTorch, and
 * the median CPU milliseconds of each and their ratio.
 * Without a Python that imports torch, one line saying how to install it.
 */
export async function runTorchComparison(
  options: { quick?: boolean; threads?: readonly number[]; peer?: TorchPython | { reason: string } } = {},
): Promise<Record<string, number | string>> {
  const peer = options.peer ?? findTorchPython();
  if (!('python' in peer)) return { torch: `not measured: ${peer.reason}` };
  const quick = options.quick ?? false;
  const setup = benchSetup(quick);
  const folder = mkdtempSync(join(tmpdir(), 'genenv-torch-bench-'));
  const weights = join(folder, 'weights.f32');
  writeFileSync(weights, new Uint8Array(benchTrainer(setup, false).model.parameters.buffer));
  const initialThreads = nativeThreads();
  const plan = schedule(quick);
  const results: Record<string, number | string> = {};
  try {
    for (const threads of options.threads ?? [1, 2]) {
      const measured = await compareAt(setup, peer, weights, threads, quick);
      const name = `torch.${threadsName(threads)}`;
      if (results['torch.peer'] === undefined) {
        results['torch.peer'] =
          `torch ${measured.ready.torch} (${peer.python}), BLAS ${measured.ready.blas}, ` +
          `OMP_WAIT_POLICY ${measured.ready.waitPolicy}`;
        results['torch.initialLossGenenv'] = measured.genenvLoss;
        results['torch.initialLossTorch'] = measured.ready.loss;
        if (/\/blas\/libblas\.so/.test(measured.ready.blas))
          results['torch.note'] =
            'PyTorch runs on the reference BLAS (unoptimised); `apt-get install -y libopenblas0` gives it OpenBLAS';
      }
      results[`${name}.torchThreads`] = measured.ready.threads;
      results[`${name}.genenvKernel`] = measured.genenvKernel;
      results[`${name}.genenvStepMilliseconds`] = measured.genenv.fastest;
      results[`${name}.genenvStepMillisecondsMedian`] = measured.genenv.median;
      results[`${name}.torchStepMilliseconds`] = measured.torch.fastest;
      results[`${name}.torchStepMillisecondsMedian`] = measured.torch.median;
      results[`${name}.genenvOverTorch`] = measured.genenv.fastest / measured.torch.fastest;
      results[`${name}.genenvOverTorchMedian`] = measured.genenv.median / measured.torch.median;
      // CPU time of a step (every thread of each process): what the step costs whatever else the machine runs.
      results[`${name}.genenvStepCpuMillisecondsMedian`] = measured.genenvCpu.median;
      results[`${name}.torchStepCpuMillisecondsMedian`] = measured.torchCpu.median;
      results[`${name}.genenvOverTorchCpuMedian`] = measured.genenvCpu.median / measured.torchCpu.median;
    }
  } finally {
    setNativeThreads(initialThreads);
    rmSync(folder, { recursive: true, force: true });
  }
  results['torch.method'] =
    `PyTorch eager CPU (torch.set_num_threads and OMP/OpenBLAS/MKL threads = T) and genenv (T = 1: one thread; ` +
    `T = 2: the main thread and a training thread), same model, batch and initial weights, ${plan.turns} turns of ` +
    `${plan.stepsPerTurn} PyTorch steps then ${plan.stepsPerTurn} genenv steps, each step timed alone (wall clock, ` +
    `and CPU time of all the process's threads); ` +
    `forward, mean token NLL, backward, clip to norm ${benchAdam.clipNorm}, AdamW`;
  return results;
}
