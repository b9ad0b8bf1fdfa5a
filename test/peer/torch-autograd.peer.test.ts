/**
 * genenv's hand-written backward passes against PyTorch autograd (issue 55, item 3). torch_reference.py computes, on
 * the same weights and batch, the loss and every parameter's gradient of the same model and objective in float32 and
 * float64, and genenv's must agree: for each objective of autograd-cases.ts (native and WebAssembly backends) and each
 * optimiser step of genenv's GRPO, RWR and SFT updates (update-cases.ts). A peer test: it needs a Python that imports
 * torch (`apt-get install -y python3-torch`) and runs with `npm run test:peer`, not `npm test`.
 *
 * Tolerance, per tensor: max |genenv − torch| / max |torch| < 1e-4 and cos(genenv, torch) > 0.99999, against float32
 * PyTorch and float64 PyTorch alike; the loss to 1e-4 relative. The error is measured against the tensor's largest
 * entry, not entry by entry: an entry that is a sum of terms cancelling to near zero keeps the absolute rounding of
 * its terms, so its own relative error says nothing of either program. Measured: every tensor within 2.4e-6, 1 − cos
 * within 2e-12, every loss within 1e-7.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeBackend, type BackendName, nativeUnavailableReason, useBackend } from '../../src/models/kernels.ts';
import type { TensorSlot } from '../../src/models/parameters.ts';
import { findTorchPython } from '../../src/measurement/torch-python.ts';
import { textTable } from '../../src/util/text-table.ts';
import {
  type AutogradCase,
  autogradCases,
  caseModel,
  exportCase,
  type GenenvResult,
  mirroredEstimator,
  runGenenv,
} from './autograd-cases.ts';
import { compareTensors, figure, largestDifference, readValues, type TensorAgreement } from './gradient-comparison.ts';
import { exportUpdate, runUpdate, type UpdateCase, updateCases, type UpdateRun } from './update-cases.ts';

const REFERENCE = fileURLToPath(new URL('./torch_reference.py', import.meta.url));
const peer = findTorchPython();
const TOLERANCE = { relative: 1e-4, cosine: 0.99999 };

/** What torch_reference.py reports of one step in one precision (or with an alternative KL estimator). */
interface TorchFigures {
  loss: number;
  logprobs: number[];
  entropies: number[];
  clippedLow: number;
  clippedHigh: number;
}
interface TorchResults {
  torch: string;
  steps: Record<string, TorchFigures>[];
}

const backends: BackendName[] = nativeUnavailableReason() === null ? ['native', 'wasm'] : ['wasm'];
const folder = mkdtempSync(join(tmpdir(), 'genenv-autograd-'));
const objectiveRuns = new Map<AutogradCase, { slots: TensorSlot[]; genenv: Map<BackendName, GenenvResult> }>();
const updateRuns = new Map<UpdateCase, { slots: TensorSlot[]; run: UpdateRun }>();

const objectiveFolder = (autogradCase: AutogradCase) => join(folder, `objective-${autogradCase.name}`);
const updateFolder = (updateCase: UpdateCase) => join(folder, `update-${updateCase.name}`);

/** genenv's side of every case, exported, then PyTorch's in one Python process. */
function runAll(): void {
  const initial = activeBackend();
  try {
    for (const autogradCase of autogradCases) {
      const model = caseModel(autogradCase);
      const genenv = new Map<BackendName, GenenvResult>();
      for (const backend of backends) {
        useBackend(backend);
        // Old and reference log-probabilities from the first backend's scores: every backend and PyTorch see the same.
        genenv.set(backend, runGenenv(model, autogradCase, genenv.get(backends[0]!)?.logprobs));
      }
      const estimator = mirroredEstimator(autogradCase.klEstimator);
      exportCase(objectiveFolder(autogradCase), model, autogradCase, genenv.get(backends[0]!)!, estimator);
      objectiveRuns.set(autogradCase, { slots: model.transformer.layout.slots, genenv });
    }
  } finally {
    useBackend(initial);
  }
  for (const updateCase of updateCases) {
    const run = runUpdate(updateCase);
    exportUpdate(updateFolder(updateCase), updateCase, run, mirroredEstimator('k3'));
    updateRuns.set(updateCase, { slots: caseModel(updateCase.model).transformer.layout.slots, run });
  }
  const python = (peer as { python: string }).python;
  const child = spawnSync(python, [REFERENCE, folder], { encoding: 'utf8', timeout: 600_000 });
  if (child.status !== 0) throw new Error(`torch_reference.py failed (${child.status}): ${child.stderr}`);
}

function torchResults(caseFolder: string): TorchResults {
  return JSON.parse(readFileSync(join(caseFolder, 'torch.json'), 'utf8')) as TorchResults;
}

/** PyTorch's gradient of step `step` in a case's folder: `float32`, `float64` or `float64-<estimator>`. */
function torchGradient(caseFolder: string, step: number, kind: string): Float64Array {
  return readValues(join(caseFolder, `torch-${step}-${kind}.${kind === 'float32' ? 'f32' : 'f64'}`));
}

/** Every tensor's agreement with PyTorch float32 and float64 of each gradient named, and float32's with float64. */
function agreements(
  slots: TensorSlot[],
  caseFolder: string,
  step: number,
  gradients: [string, Float32Array][],
): Record<string, TensorAgreement[]> {
  const torch32 = torchGradient(caseFolder, step, 'float32');
  const torch64 = torchGradient(caseFolder, step, 'float64');
  const columns: Record<string, TensorAgreement[]> = { 'torch f32/f64': compareTensors(slots, torch32, torch64) };
  for (const [name, values] of gradients) {
    columns[`${name}/f32`] = compareTensors(slots, values, torch32);
    columns[`${name}/f64`] = compareTensors(slots, values, torch64);
  }
  return columns;
}

/** One row per tensor: max |g|, then max |Δ| / max |g| of each comparison, then 1 − the least cosine. */
function agreementTable(slots: TensorSlot[], columns: Record<string, TensorAgreement[]>): string {
  const names = Object.keys(columns);
  const rows = slots.map((slot, index) => [
    slot.name,
    figure(columns[names[0]!]![index]!.largest),
    ...names.map((name) => figure(columns[name]![index]!.relative)),
    figure(1 - Math.min(...names.map((name) => columns[name]![index]!.cosine))),
  ]);
  return textTable(['tensor (max|Δ|/max|g|)', 'max |g|', ...names, '1 − min cos'], rows);
}

function expectAgreement(columns: Record<string, TensorAgreement[]>): void {
  for (const [name, tensors] of Object.entries(columns))
    for (const tensor of tensors) {
      expect(tensor.relative, `${name} ${tensor.name}`).toBeLessThan(TOLERANCE.relative);
      expect(tensor.cosine, `${name} ${tensor.name}`).toBeGreaterThan(TOLERANCE.cosine);
    }
}

const relativeError = (value: number, reference: number) => Math.abs(value - reference) / Math.abs(reference);

describe.skipIf(!('python' in peer))('genenv gradients against PyTorch autograd', () => {
  beforeAll(runAll);
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  for (const autogradCase of autogradCases) {
    it(`objective ${autogradCase.name}: loss and every parameter's gradient agree`, () => {
      const { slots, genenv } = objectiveRuns.get(autogradCase)!;
      const caseFolder = objectiveFolder(autogradCase);
      const torch = torchResults(caseFolder).steps[0]!;
      const columns = agreements(
        slots,
        caseFolder,
        0,
        backends.map((backend) => [backend, genenv.get(backend)!.gradients]),
      );
      const lines = [
        `objective ${autogradCase.name}: torch ${torchResults(caseFolder).torch}, KL estimator ` +
          `${autogradCase.klCoefficient > 0 ? mirroredEstimator(autogradCase.klEstimator) : 'none'}, ` +
          `${torch.float64!.clippedLow} tokens clipped below 1 − ε ` +
          `and ${torch.float64!.clippedHigh} above 1 + ε`,
      ];
      for (const backend of backends) {
        const result = genenv.get(backend)!;
        const lossError = relativeError(result.loss, torch.float64!.loss);
        lines.push(
          `${backend}: loss ${result.loss.toPrecision(8)} (torch f32 ${torch.float32!.loss.toPrecision(8)}, f64 ` +
            `${torch.float64!.loss.toPrecision(8)}: relative error ${figure(lossError)}), log π max |Δ| ` +
            `${figure(largestDifference(result.logprobs, torch.float64!.logprobs))}, entropy max |Δ| ` +
            `${figure(largestDifference(result.entropies, torch.float64!.entropies))}`,
        );
        expect(lossError, `${backend} loss`).toBeLessThan(TOLERANCE.relative);
      }
      // Other KL estimators on the same batch: how far genenv's gradient is from each (reported, not asserted).
      for (const estimator of autogradCase.alternativeEstimators ?? []) {
        const other = compareTensors(
          slots,
          genenv.get(backends[0]!)!.gradients,
          torchGradient(caseFolder, 0, `float64-${estimator}`),
        );
        const worst = Math.max(...other.map((tensor) => tensor.relative));
        lines.push(`${backends[0]} against PyTorch with ${estimator}: worst tensor max|Δ|/max|g| ${figure(worst)}`);
      }
      console.log([...lines, agreementTable(slots, columns)].join('\n'));
      expectAgreement(columns);
      if (autogradCase.policyLoss === 'clipped-ratio') {
        expect(torch.float64!.clippedLow).toBeGreaterThan(0);
        expect(torch.float64!.clippedHigh).toBeGreaterThan(0);
      }
    });
  }

  for (const updateCase of updateCases) {
    it(`update ${updateCase.name}: every optimiser step's loss and gradient agree`, () => {
      const { slots, run } = updateRuns.get(updateCase)!;
      const caseFolder = updateFolder(updateCase);
      const torch = torchResults(caseFolder).steps;
      expect(torch.length).toBe(run.steps.length);
      expect(run.steps.length).toBe(2);
      // The loss genenv reports: SFT its first and last step's, RWR its last step's, GRPO the mean over its steps.
      const losses = torch.map((step) => step.float64!.loss);
      const expected =
        updateCase.algorithm === 'sft'
          ? [losses[0]!, losses.at(-1)!]
          : updateCase.algorithm === 'rwr'
            ? [losses.at(-1)!]
            : [losses.reduce((sum, loss) => sum + loss, 0) / losses.length];
      const lines = [
        `update ${updateCase.name} (${activeBackend()}): genenv loss ${run.losses.map((loss) => loss.toPrecision(8))}, ` +
          `PyTorch f64 ${expected.map((loss) => loss.toPrecision(8))}; clipped below/above per step ` +
          `${torch.map((step) => `${step.float64!.clippedLow}/${step.float64!.clippedHigh}`).join(', ')}`,
      ];
      run.losses.forEach((loss, index) => {
        expect(relativeError(loss, expected[index]!), `loss ${index}`).toBeLessThan(TOLERANCE.relative);
      });
      run.steps.forEach((step, index) => {
        const columns = agreements(slots, caseFolder, index, [[`step ${index}`, step.gradients]]);
        lines.push(agreementTable(slots, columns));
        expectAgreement(columns);
      });
      console.log(lines.join('\n'));
      if (updateCase.algorithm === 'grpo') {
        expect(torch[1]!.float64!.clippedLow).toBeGreaterThan(0);
        expect(torch[1]!.float64!.clippedHigh).toBeGreaterThan(0);
      }
    });
  }
});

it.skipIf('python' in peer)(
  `skipped: ${'reason' in peer ? peer.reason : ''}; then npm run test:peer -- test/peer/torch-autograd.peer.test.ts`,
  () => undefined,
);
