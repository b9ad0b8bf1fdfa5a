/** `thm1`: R_env's mis-ranking rate of two task types against Theorem 1's bound, over the attempts n. */
import { type DiagnosticOptions, emit, fixed } from '../diagnostic-output.ts';
import { runRankingProbe } from '../probes/ranking-probe.ts';

export async function thm1Suite(options: DiagnosticOptions): Promise<string> {
  const result = runRankingProbe({
    pairs: [
      [0.5, 0.2],
      [0.5, 0.3],
      [0.4, 0.8],
      [0.55, 0.9],
    ],
    attempts: [4, 8, 16, 32, 64, 128, 256, 512],
    alpha: 0.5,
    kMin: 0.1,
    trials: options.quick ? 2000 : 20000,
    seed: 1,
  });
  return emit('thm1', result, options, () => ({
    title: 'Theorem 1: P(R_env(p̂1) ≤ R_env(p̂2)) with n attempts per task type, against 4·exp(−2/9·(Δ2 − Δ1)²·n)',
    columns: ['p1', 'p2', 'n', 'P(mis-rank) exact', 'simulated', 'strict (no ties)', 'bound', 'P(p1 in band)'],
    rows: result.rows.map((row) => [
      String(row.probability1),
      String(row.probability2),
      String(row.attempts),
      fixed(row.exact, 4),
      fixed(row.simulated, 4),
      fixed(row.exactStrict, 4),
      row.bound >= 1 ? `${fixed(row.bound, 2)} (vacuous)` : fixed(row.bound, 4),
      fixed(row.inBand1, 3),
    ]),
    notes: [
      `n for the bound to reach 0.05: ${result.attemptsForFivePercent
        .map((entry) => `${entry.probability1}/${entry.probability2}: ${entry.attempts}`)
        .join(', ')}`,
    ],
  }));
}
