// Causal attention: training forward and backward, and cached decoding.
// A part of compute-impl.h, included inside its namespace genenv::GENENV_ISA once per instruction set
// (so it has no include guard and no includes of its own).

// Rows ahead that the gathers below prefetch.
constexpr int GATHER_AHEAD = 4;

// Copies head columns [column, column + dh) of rows [first, first + L) as [dh, L] (so that products over
// positions run along vectors instead of ending in horizontal sums).
static void gatherTransposed(const float* source, float* target, int64_t first, int L, int width, int column,
                             int dh) {
  for (int s = 0; s < L; s++) {
    const float* row = source + (first + s) * width + column;
    // The rows were written long before (a whole forward ago in backward): ask for them a few rows early.
    if (s + GATHER_AHEAD < L) __builtin_prefetch(row + GATHER_AHEAD * width);
    for (int j = 0; j < dh; j++) target[(int64_t)j * L + s] = row[j];
  }
}

// scores[s] = Σ_j q[j]·kT[j][s] for s < count.
static void rowTimesTransposed(const float* q, const float* kT, float* scores, int count, int L, int dh) {
  int s = 0;
  // Four vectors of scores at a time: four chains of fused multiply-adds in flight instead of one that waits
  // on each one's latency. Every score still sums over j in order from zero (the same bits as one at a time).
  for (; s + 4 * VW <= count; s += 4 * VW) {
    vf a0{}, a1{}, a2{}, a3{};
    for (int j = 0; j < dh; j++) {
      const vf qj = splat(q[j]);
      const float* row = kT + (int64_t)j * L + s;
      a0 = fmadd(qj, load(row), a0);
      a1 = fmadd(qj, load(row + VW), a1);
      a2 = fmadd(qj, load(row + 2 * VW), a2);
      a3 = fmadd(qj, load(row + 3 * VW), a3);
    }
    store(scores + s, a0);
    store(scores + s + VW, a1);
    store(scores + s + 2 * VW, a2);
    store(scores + s + 3 * VW, a3);
  }
  for (; s + VW <= count; s += VW) {
    vf acc{};
    for (int j = 0; j < dh; j++) acc = fmadd(splat(q[j]), load(kT + (int64_t)j * L + s), acc);
    store(scores + s, acc);
  }
  for (; s < count; s++) {
    float acc = 0;
    for (int j = 0; j < dh; j++) acc = fmadd(q[j], kT[(int64_t)j * L + s], acc);
    scores[s] = acc;
  }
}

// acc[r][v] += scalars[r·stride] · row[v·VW …] for r < G, v < NV: one fused multiply-add each, the NV vectors of
// `row` loaded once for all G rows (the register tile of the attention products below).
template <int G, int NV>
static inline void multiplyAddTile(vf (&acc)[G][NV], const float* row, const float* scalars, int64_t stride) {
  vf values[NV];
  for (int v = 0; v < NV; v++) values[v] = load(row + v * VW);
  for (int r = 0; r < G; r++) {
    const vf w = splat(scalars[r * stride]);
    for (int v = 0; v < NV; v++) acc[r][v] = fmadd(w, values[v], acc[r][v]);
  }
}

// The scores of G consecutive rows at once: scores[r·scoreStride + s] = Σ_j q[r·qStride + j]·kT[j][s] for r < G,
// s < count, and up to the next whole vector where it ends before L (rows that need fewer columns get the rest
// too; callers ignore them, and rows of scores are L long). The rows share every load of kT, and G·3 chains of
// fused multiply-adds are in flight; each score still sums over j in order from zero, the bits of
// rowTimesTransposed.
template <int G>
static void rowsTimesTransposed(const float* q, int64_t qStride, const float* kT, float* scores, int64_t scoreStride,
                                int count, int L, int dh) {
  constexpr int NV = 3;
  int s = 0;
  for (; s + NV * VW <= count; s += NV * VW) {
    vf acc[G][NV];
    for (int r = 0; r < G; r++)
      for (int v = 0; v < NV; v++) acc[r][v] = vf{};
    for (int j = 0; j < dh; j++) multiplyAddTile<G, NV>(acc, kT + (int64_t)j * L + s, q + j, qStride);
    for (int r = 0; r < G; r++)
      for (int v = 0; v < NV; v++) store(scores + r * scoreStride + s + v * VW, acc[r][v]);
  }
  for (; s < count && s + VW <= L; s += VW) {
    vf acc[G];
    for (int r = 0; r < G; r++) acc[r] = vf{};
    for (int j = 0; j < dh; j++) {
      const vf keys = load(kT + (int64_t)j * L + s);
      for (int r = 0; r < G; r++) acc[r] = fmadd(splat(q[r * qStride + j]), keys, acc[r]);
    }
    for (int r = 0; r < G; r++) store(scores + r * scoreStride + s, acc[r]);
  }
  for (; s < count; s++)
    for (int r = 0; r < G; r++) {
      float acc = 0;
      for (int j = 0; j < dh; j++) acc = fmadd(q[r * qStride + j], kT[(int64_t)j * L + s], acc);
      scores[r * scoreStride + s] = acc;
    }
}

// Copies head columns [column, column + dh) of rows [first, first + L) as a contiguous [L, dh] block.
static void gatherRows(const float* source, float* target, int64_t first, int L, int width, int column, int dh) {
  for (int s = 0; s < L; s++) {
    const float* row = source + (first + s) * width + column;
    if (s + GATHER_AHEAD < L) __builtin_prefetch(row + GATHER_AHEAD * width);
    float* into = target + (int64_t)s * dh;
    int j = 0;
    for (; j + VW <= dh; j += VW) store(into + j, load(row + j));
    for (; j < dh; j++) into[j] = row[j];
  }
}

// out[0..NV·VW) = Σ_{i < count} weights[i·stride] · rows[i·rowStride ...], accumulated in registers (no
// stores between terms), in the order i = 0, 1, ...
template <int NV>
static inline void weightedRowSum(const float* weights, int64_t stride, const float* rows, int count,
                                  int64_t rowStride, float* out) {
  vf acc[NV];
  for (int v = 0; v < NV; v++) acc[v] = vf{};
  for (int i = 0; i < count; i++) {
    const vf w = splat(weights[i * stride]);
    const float* row = rows + (int64_t)i * rowStride;
    for (int v = 0; v < NV; v++) acc[v] = fmadd(w, load(row + v * VW), acc[v]);
  }
  for (int v = 0; v < NV; v++) store(out + v * VW, acc[v]);
}

// The same for any dh (a multiple of VW up to 8 vectors uses registers; otherwise plain loops); rows of
// dh floats, `rowStride` apart (dh when contiguous).
static inline void weightedRows(const float* weights, int64_t stride, const float* rows, int count, int dh,
                                float* out, int64_t rowStride = 0) {
  if (rowStride == 0) rowStride = dh;
  if (dh == VW) return weightedRowSum<1>(weights, stride, rows, count, rowStride, out);
  if (dh == 2 * VW) return weightedRowSum<2>(weights, stride, rows, count, rowStride, out);
  if (dh == 4 * VW) return weightedRowSum<4>(weights, stride, rows, count, rowStride, out);
  if (dh == 8 * VW) return weightedRowSum<8>(weights, stride, rows, count, rowStride, out);
  std::fill(out, out + dh, 0.f);
  for (int i = 0; i < count; i++) axpy(out, weights[i * stride], rows + (int64_t)i * rowStride, dh);
}

// G rows at once: out_r[0..NV·VW) = Σ_{i < first + r} weights_r[i] · rows[i·dh ...] for r < G, weights_r at
// weights + r·weightStride, out_r at out + r·outStride. The rows share every load of `rows`, and G·NV chains
// of fused multiply-adds are in flight; each output still sums over i in order from zero, as weightedRowSum.
template <int NV, int G>
static inline void weightedRowSums(const float* weights, int64_t weightStride, const float* rows, int first, int dh,
                                   float* out, int64_t outStride) {
  vf acc[G][NV];
  for (int r = 0; r < G; r++)
    for (int v = 0; v < NV; v++) acc[r][v] = vf{};
  for (int i = 0; i < first; i++) multiplyAddTile<G, NV>(acc, rows + (int64_t)i * dh, weights + i, weightStride);
  // Row r has r terms more than row 0.
  for (int r = 1; r < G; r++)
    for (int i = first; i < first + r; i++) {
      const vf w = splat(weights[r * weightStride + i]);
      for (int v = 0; v < NV; v++) acc[r][v] = fmadd(w, load(rows + (int64_t)i * dh + v * VW), acc[r][v]);
    }
  for (int r = 0; r < G; r++)
    for (int v = 0; v < NV; v++) store(out + r * outStride + v * VW, acc[r][v]);
}

// G key rows s … s + G − 1 at once: out_r = Σ_{t = s + r}^{L − 1} weights[t·L + s + r] · rows[t·dh ...], in t
// order (row r's terms before t = s + G − 1 first, then the terms all rows share, sharing their loads); out_r at
// out + r·outStride. The same sums as weightedRowSum over column s + r with stride L.
template <int NV, int G>
static inline void weightedColumnSums(const float* weights, int L, int s, const float* rows, int dh, float* out,
                                      int64_t outStride) {
  vf acc[G][NV];
  for (int r = 0; r < G; r++)
    for (int v = 0; v < NV; v++) acc[r][v] = vf{};
  for (int r = 0; r + 1 < G; r++)
    for (int t = s + r; t < s + G - 1; t++) {
      const vf w = splat(weights[(int64_t)t * L + s + r]);
      for (int v = 0; v < NV; v++) acc[r][v] = fmadd(w, load(rows + (int64_t)t * dh + v * VW), acc[r][v]);
    }
  for (int t = s + G - 1; t < L; t++)
    multiplyAddTile<G, NV>(acc, rows + (int64_t)t * dh, weights + (int64_t)t * L + s, 1);
  for (int r = 0; r < G; r++)
    for (int v = 0; v < NV; v++) store(out + r * outStride + v * VW, acc[r][v]);
}

// p[0..count) ← p · factor.
static inline void scaleRow(float* p, int count, float factor) {
  const vf scale = splat(factor);
  int s = 0;
  for (; s + VW <= count; s += VW) store(p + s, load(p + s) * scale);
  for (; s < count; s++) p[s] *= factor;
}

// p[0..count) ← e^(p − largest) / Σ e^(p − largest), given the row's largest value (vectorised exponentials).
static inline void softmaxFrom(float* p, int count, float largest) {
  scaleRow(p, count, 1.f / exponentiate(p, count, largest));
}

// p[0..count) ← softmax of p[0..count) (vectorised exponentials).
static inline void softmaxInPlace(float* p, int count) { softmaxFrom(p, count, rowMaximum(p, count)); }

// Training attention's task `task` is head task % heads of sequence task / heads: its first row and its first column.
struct HeadBlock {
  int64_t rowBase, column;
};
static inline HeadBlock headOf(const AttentionArgs& a, int task) {
  return {(int64_t)(task / a.heads) * a.length, (int64_t)(task % a.heads) * a.headWidth};
}

// Query rows scored together (rowsTimesTransposed): rows × three vectors of accumulators, with the three key vectors
// and a broadcast, fit the registers: four rows in AVX2's sixteen, eight in AVX-512's thirty-two.
constexpr int SCORE_ROWS = VW == 16 ? 8 : 4;
// Rows of weighted sums run together where a head is two vectors wide (weightedRowSums, weightedColumnSums): rows × 2
// accumulators, likewise.
constexpr int PAIR_ROWS = VW == 16 ? 8 : 4;

// Per (sequence, head) task: scores of row t against keys 0..t, softmax, then the weighted sum of values.
static void attentionForward(const AttentionArgs& a) {
  const int width = a.heads * a.headWidth, L = a.length, dh = a.headWidth;
  const float scale = 1.f / std::sqrt((float)dh);
  parallelFor(a.batch * a.heads, [&](int task) {
    const auto [rowBase, column] = headOf(a, task);
    static thread_local std::vector<float> keysT, values;
    keysT.resize((size_t)dh * L);
    values.resize((size_t)L * dh);
    gatherTransposed(a.k, keysT.data(), rowBase, L, width, column, dh);
    gatherRows(a.v, values.data(), rowBase, L, width, column, dh);
    float* probabilities = a.probabilities + (int64_t)task * L * L;
    const float* queries = a.q + rowBase * width + column;
    int scored = 0;  // rows whose scores are in place, SCORE_ROWS at a time
    for (; scored + SCORE_ROWS <= L; scored += SCORE_ROWS)
      rowsTimesTransposed<SCORE_ROWS>(queries + scored * width, width, keysT.data(), probabilities + scored * L, L,
                                      scored + SCORE_ROWS, L, dh);
    for (; scored < L; scored++)
      rowTimesTransposed(queries + scored * width, keysT.data(), probabilities + scored * L, scored + 1, L, dh);
    // Two rows at a time: each row's softmax is a chain (maximum, exponentials, their sum in order, one division)
    // that leaves the vector units waiting; a second, independent row beside it fills the wait.
    int t = 0;
    for (; t + 2 <= L; t += 2) {
      float* first = probabilities + (int64_t)t * L;
      float* second = first + L;
      const float firstLargest = scaleAndMax(first, t + 1, scale), secondLargest = scaleAndMax(second, t + 2, scale);
      const float firstSum = exponentiate(first, t + 1, firstLargest);
      const float secondSum = exponentiate(second, t + 2, secondLargest);
      scaleRow(first, t + 1, 1.f / firstSum);
      scaleRow(second, t + 2, 1.f / secondSum);
      std::fill(first + t + 1, first + L, 0.f);
      std::fill(second + t + 2, second + L, 0.f);
    }
    for (; t < L; t++) {
      float* p = probabilities + (int64_t)t * L;
      softmaxFrom(p, t + 1, scaleAndMax(p, t + 1, scale));
      std::fill(p + t + 1, p + L, 0.f);
    }
    // The weighted sums of values, GROUP rows at a time where the head width fits registers (see
    // weightedRowSums), else row by row: the same sums either way.
    float* out = a.out + rowBase * width + column;
    auto grouped = [&](auto rowsPerGroup, auto vectors) {
      constexpr int G = decltype(rowsPerGroup)::value, NV = decltype(vectors)::value;
      int t = 0;
      for (; t + G <= L; t += G)
        weightedRowSums<NV, G>(probabilities + (int64_t)t * L, L, values.data(), t + 1, dh, out + (int64_t)t * width,
                               width);
      for (; t < L; t++) weightedRows(probabilities + (int64_t)t * L, 1, values.data(), t + 1, dh, out + t * width);
    };
    if (dh == VW) grouped(std::integral_constant<int, 4>{}, std::integral_constant<int, 1>{});
    else if (dh == 2 * VW) grouped(std::integral_constant<int, PAIR_ROWS>{}, std::integral_constant<int, 2>{});
    else if (dh == 4 * VW) grouped(std::integral_constant<int, 2>{}, std::integral_constant<int, 4>{});
    else
      for (int t = 0; t < L; t++)
        weightedRows(probabilities + (int64_t)t * L, 1, values.data(), t + 1, dh, out + (int64_t)t * width);
  });
}

// Per (sequence, head) task, as matrix products over the [L, dh] blocks of the head:
// dP = dO·Vᵀ and dS = P ⊙ (dP − rowsum(P ⊙ dP))·scale row by row (dQ[t] = Σ_s dS[t][s]·K[s] with it),
// then by key row s: dK[s] = Σ_{t ≥ s} dS[t][s]·Q[t] and dV[s] = Σ_{t ≥ s} P[t][s]·dO[t].
static void attentionBackward(const AttentionArgs& a) {
  const int width = a.heads * a.headWidth, L = a.length, dh = a.headWidth;
  const float scale = 1.f / std::sqrt((float)dh);
  parallelFor(a.batch * a.heads, [&](int task) {
    const auto [rowBase, column] = headOf(a, task);
    const float* probabilities = a.probabilities + (int64_t)task * L * L;
    static thread_local std::vector<float> valuesT, queries, keys, dOuts, dScores;
    valuesT.resize((size_t)dh * L);
    queries.resize((size_t)L * dh);
    keys.resize((size_t)L * dh);
    dOuts.resize((size_t)L * dh);
    dScores.resize((size_t)L * L);
    gatherTransposed(a.v, valuesT.data(), rowBase, L, width, column, dh);
    gatherRows(a.q, queries.data(), rowBase, L, width, column, dh);
    gatherRows(a.k, keys.data(), rowBase, L, width, column, dh);
    gatherRows(a.dOut, dOuts.data(), rowBase, L, width, column, dh);
    int scored = 0;  // rows of dP in place, SCORE_ROWS at a time
    for (; scored + SCORE_ROWS <= L; scored += SCORE_ROWS)
      rowsTimesTransposed<SCORE_ROWS>(dOuts.data() + (int64_t)scored * dh, dh, valuesT.data(),
                                      dScores.data() + (int64_t)scored * L, L, scored + SCORE_ROWS, L, dh);
    for (; scored < L; scored++)
      rowTimesTransposed(dOuts.data() + (int64_t)scored * dh, valuesT.data(), dScores.data() + (int64_t)scored * L,
                         scored + 1, L, dh);
    // weighted_t = Σ_{s ≤ t} p[t][s]·dP[t][s], summed in s order: four rows at a time, so that four chains of
    // additions are in flight instead of one waiting on each add's latency.
    auto softmaxGradient = [&](int t, float weighted) {
      const float* p = probabilities + (int64_t)t * L;
      float* dS = dScores.data() + (int64_t)t * L;
      for (int s = 0; s <= t; s++) dS[s] = p[s] * (dS[s] - weighted) * scale;
    };
    int t = 0;
    for (; t + 4 <= L; t += 4) {
      const float* p = probabilities + (int64_t)t * L;
      const float* dP = dScores.data() + (int64_t)t * L;
      float weighted[4] = {};
      // Terms s ≤ t, which all four rows have, side by side; then row r's own last r terms.
      for (int s = 0; s <= t; s++)
#pragma GCC unroll 4
        for (int r = 0; r < 4; r++) weighted[r] += p[r * L + s] * dP[r * L + s];
      for (int r = 1; r < 4; r++)
        for (int s = t + 1; s <= t + r; s++) weighted[r] += p[r * L + s] * dP[r * L + s];
      for (int r = 0; r < 4; r++) softmaxGradient(t + r, weighted[r]);
    }
    for (; t < L; t++) {
      const float* p = probabilities + (int64_t)t * L;
      const float* dP = dScores.data() + (int64_t)t * L;
      float weighted = 0;
      for (int s = 0; s <= t; s++) weighted += p[s] * dP[s];
      softmaxGradient(t, weighted);
    }
    // dQ by query rows, dK and dV by key rows, G rows at a time where the head width fits registers (see
    // weightedRowSums and weightedColumnSums), else one at a time: the same sums either way.
    const int64_t first = rowBase * width + column;
    auto grouped = [&](auto rowsPerGroup, auto vectors) {
      constexpr int G = decltype(rowsPerGroup)::value, NV = decltype(vectors)::value;
      int row = 0;
      if constexpr (NV > 0)  // NV = 0: a head width that does not fit registers, row by row only
        for (; row + G <= L; row += G) {
          const int64_t at = first + (int64_t)row * width;
          weightedRowSums<NV, G>(dScores.data() + (int64_t)row * L, L, keys.data(), row + 1, dh, a.dq + at, width);
          weightedColumnSums<NV, G>(dScores.data(), L, row, queries.data(), dh, a.dk + at, width);
          weightedColumnSums<NV, G>(probabilities, L, row, dOuts.data(), dh, a.dv + at, width);
        }
      for (; row < L; row++) {
        const int64_t at = first + (int64_t)row * width;
        weightedRows(dScores.data() + (int64_t)row * L, 1, keys.data(), row + 1, dh, a.dq + at);
        weightedRows(dScores.data() + (int64_t)row * L + row, L, queries.data() + (int64_t)row * dh, L - row, dh,
                     a.dk + at);
        weightedRows(probabilities + (int64_t)row * L + row, L, dOuts.data() + (int64_t)row * dh, L - row, dh,
                     a.dv + at);
      }
    };
    if (dh == VW) grouped(std::integral_constant<int, 4>{}, std::integral_constant<int, 1>{});
    else if (dh == 2 * VW) grouped(std::integral_constant<int, PAIR_ROWS>{}, std::integral_constant<int, 2>{});
    else if (dh == 4 * VW) grouped(std::integral_constant<int, 2>{}, std::integral_constant<int, 4>{});
    else grouped(std::integral_constant<int, 1>{}, std::integral_constant<int, 0>{});
  });
}

// G heads' weighted sums at once: out_g[0..NV·VW) = Σ_{i < count} weights_g[i] · rows_g[i·rowStride ...] for g < G,
// each in the order i = 0, 1, ... (as weightedRowSum): G·NV chains of fused multiply-adds in flight instead of NV,
// which one head alone leaves waiting on each one's latency.
template <int NV, int G>
static inline void weightedRowSumsOfHeads(const float* const* weights, const float* const* rows, int count,
                                          int64_t rowStride, float* const* out) {
  vf acc[G][NV];
  for (int g = 0; g < G; g++)
    for (int v = 0; v < NV; v++) acc[g][v] = vf{};
  for (int i = 0; i < count; i++)
    for (int g = 0; g < G; g++) {
      const vf w = splat(weights[g][i]);
      const float* row = rows[g] + (int64_t)i * rowStride;
      for (int v = 0; v < NV; v++) acc[g][v] = fmadd(w, load(row + v * VW), acc[g][v]);
    }
  for (int g = 0; g < G; g++)
    for (int v = 0; v < NV; v++) store(out[g] + v * VW, acc[g][v]);
}

// Heads whose weighted sums cachedAttention runs together: enough for eight chains of fused multiply-adds.
constexpr int CHAINS = 8;

// Per row task: each head's scores of the new query against the row's cache up to its position (key row by key
// row), each head's softmax, then the weighted sums of values, CHAINS / (dh / VW) heads at a time (the same sums).
static void cachedAttention(const CachedAttentionArgs& a) {
  const int width = a.heads * a.headWidth, dh = a.headWidth;
  const float scale = 1.f / std::sqrt((float)dh);
  auto run = [&](int row) {
    static thread_local std::vector<float> scores;
    scores.resize((size_t)a.heads * a.cacheLength);
    const int at = a.positions[row];
    const int64_t sequenceBase = (int64_t)a.sequences[row] * a.cacheLength * width;
    // Scores key row by key row, every head of a row before the next: a row of the cache is contiguous, a head's
    // slice of it is not, and memory read in its own order comes several times faster (the same dot products).
    const float* queries = a.query + (int64_t)row * width;
    const float* keyRows = a.keys + sequenceBase;
    for (int s = 0; s <= at; s++) {
      const float* key = keyRows + (int64_t)s * width;
      for (int head = 0; head < a.heads; head++)
        scores[(int64_t)head * a.cacheLength + s] = dot(queries + head * dh, key + head * dh, dh) * scale;
    }
    for (int head = 0; head < a.heads; head++) softmaxInPlace(scores.data() + (int64_t)head * a.cacheLength, at + 1);
    // Head by head for heads left over and for widths that do not fit registers.
    auto oneHead = [&](int head) {
      weightedRows(scores.data() + (int64_t)head * a.cacheLength, 1, a.values + sequenceBase + head * dh, at + 1, dh,
                   a.attended + (int64_t)row * width + head * dh, width);
    };
    auto grouped = [&](auto vectors) {
      constexpr int NV = decltype(vectors)::value, G = CHAINS / NV > 0 ? CHAINS / NV : 1;
      int head = 0;
      for (; head + G <= a.heads; head += G) {
        const float* weights[G];
        const float* rows[G];
        float* out[G];
        for (int g = 0; g < G; g++) {
          weights[g] = scores.data() + (int64_t)(head + g) * a.cacheLength;
          rows[g] = a.values + sequenceBase + (head + g) * dh;
          out[g] = a.attended + (int64_t)row * width + (head + g) * dh;
        }
        weightedRowSumsOfHeads<NV, G>(weights, rows, at + 1, width, out);
      }
      for (; head < a.heads; head++) oneHead(head);
    };
    if (dh == VW) grouped(std::integral_constant<int, 1>{});
    else if (dh == 2 * VW) grouped(std::integral_constant<int, 2>{});
    else if (dh == 4 * VW) grouped(std::integral_constant<int, 4>{});
    else
      for (int head = 0; head < a.heads; head++) oneHead(head);
  };
  double work = 0;  // multiply-adds of the whole call
  for (int row = 0; row < a.rows; row++) work += 2.0 * (a.positions[row] + 1) * width;
  if (work > 4e5) parallelFor(a.rows, run);
  else for (int row = 0; row < a.rows; row++) run(row);
}
