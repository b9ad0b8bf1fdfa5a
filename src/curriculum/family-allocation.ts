/**
 * The environment policy's choice of family: which family's seed each simulator context is drawn from.
 *
 * The prior is what drawing seeds uniformly gives (each family in proportion to its seed count). A trained
 * environment policy moves it toward families whose recent task types earned more R_env, as the maximiser of
 * E_π[R̄] − τ·KL(π ‖ prior) over categoricals: π(f) ∝ prior(f)·exp(R̄_f / τ). With R_env in [0, 1] a family's
 * odds over its prior stay within a factor exp(1/τ), so every family keeps being drawn and measured.
 */

/** Each family's share of an epoch's contexts, in [0, 1]; they sum to 1. */
export type FamilyShares = Map<string, number>;

/**
 * Shares ∝ seedCount(f)·exp(R̄_f / temperature). `rewards` holds each family's mean recent R_env in [0, 1]; a
 * family without one (never attempted) gets the mean of those that have one, so it is neither favoured nor
 * starved. `temperature` > 0; with no rewards at all the shares are the prior.
 */
export function familyShares(
  seedCounts: ReadonlyMap<string, number>,
  rewards: ReadonlyMap<string, number>,
  temperature: number,
): FamilyShares {
  if (!(temperature > 0)) throw new RangeError(`family temperature must be > 0, got ${temperature}`);
  const known = [...seedCounts.keys()].filter((family) => rewards.has(family));
  const neutral = known.length > 0 ? known.reduce((sum, family) => sum + rewards.get(family)!, 0) / known.length : 0;
  // Subtracting the largest exponent keeps exp() finite at any temperature; it cancels in the normalisation.
  const exponents = new Map(
    [...seedCounts.keys()].map((family) => [family, (rewards.get(family) ?? neutral) / temperature]),
  );
  const top = Math.max(...exponents.values());
  const unnormalised = new Map(
    [...seedCounts].map(([family, count]) => [family, count * Math.exp(exponents.get(family)! - top)]),
  );
  const total = [...unnormalised.values()].reduce((sum, value) => sum + value, 0);
  return new Map([...unnormalised].map(([family, value]) => [family, total > 0 ? value / total : 0]));
}

/** The prior: each family's share of the seed tasks. */
export function priorShares(seedCounts: ReadonlyMap<string, number>): FamilyShares {
  const total = [...seedCounts.values()].reduce((sum, count) => sum + count, 0);
  return new Map([...seedCounts].map(([family, count]) => [family, total > 0 ? count / total : 0]));
}

/**
 * Whole context counts per family summing to `total`, by systematic sampling: one uniform offset `offset` in
 * [0, 1) and `total` evenly spaced points over the cumulative shares. Each family gets ⌊total·share⌋ or one more,
 * and E[count] = total·share exactly, so an epoch's mix follows the shares with the least sampling noise.
 */
export function allocateCounts(shares: FamilyShares, total: number, offset: number): Map<string, number> {
  const counts = new Map<string, number>([...shares.keys()].map((family) => [family, 0]));
  const families = [...shares.keys()];
  let cumulative = 0;
  let family = 0;
  for (let point = 0; point < total; point++) {
    const position = (point + offset) / total;
    while (family < families.length - 1 && cumulative + shares.get(families[family]!)! <= position) {
      cumulative += shares.get(families[family]!)!;
      family++;
    }
    const name = families[family]!;
    counts.set(name, counts.get(name)! + 1);
  }
  return counts;
}
