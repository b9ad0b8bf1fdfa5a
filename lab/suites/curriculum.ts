/** `curriculum --runs A,B`: the difficulty features of two runs' generated task types, per epoch and per family. */
import { GenEnvError } from '../../src/index.ts';
import type { FamilyCurriculum } from '../analyses/emergent-curriculum.ts';
import { type RunCurriculum, runCurriculumDiagnostic } from '../diagnostics/curriculum-diagnostic.ts';
import { type DiagnosticOptions, emit, fixed } from '../diagnostic-output.ts';

export async function curriculumSuite(options: DiagnosticOptions): Promise<string> {
  if (options.runs?.length !== 2) throw new GenEnvError('usage', 'curriculum needs --runs A,B (two run directories)');
  const result = runCurriculumDiagnostic(options.runs[0]!, options.runs[1]!);
  const [first, second] = result.runs;
  return emit('curriculum', result, options, () => {
    const shown = result.comparison.filter((entry) =>
      ['difficulty', 'chainLength', 'distractors', 'transformedValues'].includes(entry.feature),
    );
    const epochs = first.epochs.map((epoch) => epoch.epoch);
    const rows = epochs.map((epoch) => {
      const left = first.epochs.find((entry) => entry.epoch === epoch)!;
      const right = second.epochs.find((entry) => entry.epoch === epoch);
      return [
        String(epoch),
        ...shown.map((entry) => {
          const cell = entry.epochs.find((value) => value.epoch === epoch);
          return cell ? `${fixed(cell.first, 2)} / ${fixed(cell.second, 2)}` : '–';
        }),
        `${fixed(left.successRate, 2)} / ${fixed(right?.successRate, 2)}`,
        `${fixed(left.inBandFraction, 2)} / ${fixed(right?.inBandFraction, 2)}`,
      ];
    });
    return {
      title: `Emergent curriculum, ${first.variant} (seed ${first.seed}) / ${second.variant} (seed ${second.seed})`,
      columns: ['epoch', ...shown.map((entry) => entry.feature), 'p̂', 'in band'],
      rows,
      notes: [
        ...shown.map(
          (entry) =>
            `${entry.feature}: change per epoch ${fixed(entry.slopeFirst, 3)} (${first.variant}) vs ` +
            `${fixed(entry.slopeSecond, 3)} (${second.variant})`,
        ),
        ...familyNotes(first, second),
      ],
    };
  });
}

/** One line per family (epochs 1 on): task types, mean p̂, in-band share and values in words, first / second run. */
function familyNotes(first: RunCurriculum, second: RunCurriculum): string[] {
  const families = [...new Set([...first.families, ...second.families].map((entry) => entry.family))].sort();
  return families.map((family) => {
    const left = first.families.find((entry) => entry.family === family);
    const right = second.families.find((entry) => entry.family === family);
    const pair = (pick: (entry: FamilyCurriculum) => number | null | undefined, digits: number) =>
      `${fixed(left ? pick(left) : null, digits)} / ${fixed(right ? pick(right) : null, digits)}`;
    return (
      `family ${family || '(none)'}: task types ${pair((entry) => entry.taskTypes, 0)}, p̂ ${pair((entry) => entry.successRate, 2)}, ` +
      `in band ${pair((entry) => entry.inBandFraction, 2)}, transformedValues ${pair((entry) => entry.features.transformedValues, 2)}`
    );
  });
}
