// Matrix products: packing and the register tile.
// A part of compute-impl.h, included inside its namespace genenv::GENENV_ISA once per instruction set
// (so it has no include guard and no includes of its own).

// Where a tile copies the operands it reads, packing them for the tiles after it. With CopyA, the block's A is read
// in place (row k's MR values at ap + k·aStride: A transposed) and written to `a` as [K, MR]; with CopyB, the panel
// of B is read in place (bp + k·ldb) and written to `b` as [K, NR]. The copies ride on the loads the tile makes
// anyway, instead of a pass of their own over memory before it.
struct Copies {
  int64_t aStride;
  float* a;
  float* b;
};

// out rows [R, NR] (+)= Ap [K, MR] · Bp [K, NR] (row k of Bp at bp + k·ldb: NR when packed, the row
// length when read in place); only `columns` ≤ NR columns are written.
template <int R, bool CopyA = false, bool CopyB = false>
static void tile(int inner, const float* ap, const float* bp, int64_t ldb, float* out, int ldc, int columns,
                 bool accumulate, Copies copies = {MR, nullptr, nullptr}) {
  // The accumulators stay in registers: every index below is a constant once the loops over R are unrolled.
  vf c0[R], c1[R];
#pragma GCC unroll 8
  for (int r = 0; r < R; r++) c0[r] = c1[r] = vf{};
  for (int k = 0; k < inner; k++) {
    const vf b0 = load(bp + k * ldb), b1 = load(bp + k * ldb + VW);
    if constexpr (CopyB) {
      store(copies.b + (int64_t)k * NR, b0);
      store(copies.b + (int64_t)k * NR + VW, b1);
    }
    const float* a = CopyA ? ap + k * copies.aStride : ap + k * MR;
    if constexpr (CopyA) std::memcpy(copies.a + (int64_t)k * MR, a, MR * sizeof(float));
#pragma GCC unroll 8
    for (int r = 0; r < R; r++) {
      const vf av = splat(a[r]);
      c0[r] = fmadd(av, b0, c0[r]);
      c1[r] = fmadd(av, b1, c1[r]);
    }
  }
  if (columns == NR && accumulate) {
#pragma GCC unroll 8
    for (int r = 0; r < R; r++) {
      float* row = out + (int64_t)r * ldc;
      store(row, c0[r] + load(row));
      store(row + VW, c1[r] + load(row + VW));
    }
  } else if (columns == NR) {
#pragma GCC unroll 8
    for (int r = 0; r < R; r++) {
      float* row = out + (int64_t)r * ldc;
      store(row, c0[r]);
      store(row + VW, c1[r]);
    }
  } else {
    float buffer[R][NR];
#pragma GCC unroll 8
    for (int r = 0; r < R; r++) {
      store(buffer[r], c0[r]);
      store(buffer[r] + VW, c1[r]);
    }
    for (int r = 0; r < R; r++) {
      float* row = out + (int64_t)r * ldc;
      for (int j = 0; j < columns; j++) row[j] = accumulate ? row[j] + buffer[r][j] : buffer[r][j];
    }
  }
}

template <int R>
static void tileRows(int rows, int inner, const float* ap, const float* bp, int64_t ldb, float* out, int ldc,
                     int columns, bool accumulate) {
  if constexpr (R > 0) {
    if (rows == R) return tile<R>(inner, ap, bp, ldb, out, ldc, columns, accumulate);
    tileRows<R - 1>(rows, inner, ap, bp, ldb, out, ldc, columns, accumulate);
  }
}

// Packs columns [panel·NR, +NR) of B (zero-padded) as [inner, NR].
static void packB(const MatmulArgs& m, int panel, float* target) {
  const int first = panel * NR, count = std::min(NR, m.columns - first);
  if (m.layout != Layout::TransposedB && count == NR) {
    // A whole panel's rows as two vectors each: a memcpy of a size known only at run time is a call per row.
    for (int k = 0; k < m.inner; k++) {
      const float* source = m.b + (int64_t)k * m.columns + first;
      store(target + (int64_t)k * NR, load(source));
      store(target + (int64_t)k * NR + VW, load(source + VW));
    }
    return;
  }
  for (int k = 0; k < m.inner; k++) {
    float* row = target + (int64_t)k * NR;
    if (m.layout == Layout::TransposedB) {
      for (int j = 0; j < count; j++) row[j] = m.b[(int64_t)(first + j) * m.inner + k];
    } else {
      std::memcpy(row, m.b + (int64_t)k * m.columns + first, count * sizeof(float));
    }
    for (int j = count; j < NR; j++) row[j] = 0;
  }
}

// The MR rows of A at `rows` (row r at rows + r·stride), columns [k, k + VW), written transposed: target[j·MR + r]
// = row r's column k + j. Vector shuffles (three rounds of pairwise interleaves over eight vectors, the classic
// transpose) where a block is eight rows of sixteen lanes (AVX-512) or six rows, as eight, of eight lanes (AVX2);
// false where this build has none.
static inline bool transposeColumns(const float* rows, int64_t stride, float* target) {
#if (GENENV_VW == 16 && GENENV_MR == 8) || (GENENV_VW == 8 && GENENV_MR == 6)
  typedef int32_t vmask __attribute__((vector_size(VW * 4)));
#if GENENV_VW == 16
  const vmask pairsLow = {0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23};
  const vmask pairsHigh = {8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31};
  const vmask quadsLow = {0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23};
  const vmask quadsHigh = {8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31};
  const vmask halvesLow = {0, 1, 2, 3, 16, 17, 18, 19, 4, 5, 6, 7, 20, 21, 22, 23};
  const vmask halvesHigh = {8, 9, 10, 11, 24, 25, 26, 27, 12, 13, 14, 15, 28, 29, 30, 31};
#else
  const vmask pairsLow = {0, 8, 1, 9, 2, 10, 3, 11}, pairsHigh = {4, 12, 5, 13, 6, 14, 7, 15};
  const vmask quadsLow = {0, 1, 8, 9, 2, 3, 10, 11}, quadsHigh = {4, 5, 12, 13, 6, 7, 14, 15};
  const vmask halvesLow = {0, 1, 2, 3, 8, 9, 10, 11}, halvesHigh = {4, 5, 6, 7, 12, 13, 14, 15};
#endif
  // With six rows, row 5 stands in for rows 6 and 7 (lanes that are never stored).
  vf row[8], pair[8], quad[8];
  for (int r = 0; r < 8; r++) row[r] = load(rows + std::min(r, MR - 1) * stride);
  // pair[2p] = rows 2p, 2p + 1 interleaved over the first half of the columns; pair[2p + 1] over the second.
  for (int p = 0; p < 4; p++) {
    pair[2 * p] = __builtin_shuffle(row[2 * p], row[2 * p + 1], pairsLow);
    pair[2 * p + 1] = __builtin_shuffle(row[2 * p], row[2 * p + 1], pairsHigh);
  }
  // quad[4h + c] = rows 4h…4h + 3, by the columns' quarters.
  for (int h = 0; h < 2; h++) {
    quad[4 * h] = __builtin_shuffle(pair[4 * h], pair[4 * h + 2], quadsLow);
    quad[4 * h + 1] = __builtin_shuffle(pair[4 * h], pair[4 * h + 2], quadsHigh);
    quad[4 * h + 2] = __builtin_shuffle(pair[4 * h + 1], pair[4 * h + 3], quadsLow);
    quad[4 * h + 3] = __builtin_shuffle(pair[4 * h + 1], pair[4 * h + 3], quadsHigh);
  }
  // Rows 0…3 and 4…7 joined: vector j holds VW / 8 columns' MR rows (two columns with AVX-512, one with AVX2, whose
  // store's last two lanes the next column's store overwrites: the caller leaves a column after the last vector).
  for (int j = 0; j < 8; j++)
    store(target + j * (VW * MR / 8),
          __builtin_shuffle(quad[j / 2], quad[4 + j / 2], j % 2 == 0 ? halvesLow : halvesHigh));
  return true;
#else
  (void)rows, (void)stride, (void)target;
  return false;
#endif
}

// Packs rows [block·MR, +MR) of A (zero-padded) as [inner, MR] (one loop per layout: no branch per element).
static void packA(const MatmulArgs& m, int block, float* target) {
  const int first = block * MR, count = std::min(MR, m.rows - first);
  if (count < MR) std::fill(target, target + (int64_t)m.inner * MR, 0.f);
  if (m.layout == Layout::TransposedA) {
    // A is [inner, rows]: the MR values of step k are contiguous (a copy of a constant size where the block is
    // whole: the compiler inlines it instead of calling memcpy for every step).
    if (count == MR)
      for (int k = 0; k < m.inner; k++)
        std::memcpy(target + (int64_t)k * MR, m.a + (int64_t)k * m.rows + first, MR * sizeof(float));
    else
      for (int k = 0; k < m.inner; k++)
        std::memcpy(target + (int64_t)k * MR, m.a + (int64_t)k * m.rows + first, count * sizeof(float));
    return;
  }
  // Columns packed by vectors (whole blocks only). The AVX2 transposition writes two floats past its last column,
  // so there it leaves at least one column after it to the loop below.
  constexpr int slack = GENENV_VW == 8 ? 1 : 0;
  int done = 0;
  if (count == MR)
    while (done + VW + slack <= m.inner &&
           transposeColumns(m.a + (int64_t)first * m.inner + done, m.inner, target + (int64_t)done * MR))
      done += VW;
  for (int r = 0; r < count; r++) {
    const float* row = m.a + (int64_t)(first + r) * m.inner;
    for (int k = done; k < m.inner; k++) target[(int64_t)k * MR + r] = row[k];
  }
}

// Below this many FLOPs a product runs on the calling thread: waking the pool costs more than it saves.
constexpr double PARALLEL_FLOPS = 2e6;
// With fewer rows than this, a plain-layout B is read in place (its full panels are rows of NR contiguous
// floats already) instead of packed on every call: decoding multiplies a few rows by each weight matrix.
constexpr int IN_PLACE_ROWS = 64;

static void matmul(const MatmulArgs& m) {
  if (m.rows == 0 || m.columns == 0) return;
  if (m.inner == 0) {
    if (!m.accumulate) std::fill(m.out, m.out + (int64_t)m.rows * m.columns, 0.f);
    return;
  }
  const int panels = (m.columns + NR - 1) / NR, blocks = (m.rows + MR - 1) / MR;
  // Shared: its tasks are published for the pool and any guests (decided once: the copying tiles below need every
  // task on this thread, in order).
  const bool shared = 2.0 * m.rows * m.inner * m.columns > PARALLEL_FLOPS && poolCanShare();
  const bool inPlace = m.layout == Layout::Plain && m.rows < IN_PLACE_ROWS;
  // Packed panels [panels][inner, NR]; read in place, only a last partial panel is packed.
  const int packedPanels = inPlace ? (m.columns % NR != 0 ? 1 : 0) : panels;
  static thread_local std::vector<float> packedB;
  packedB.resize((size_t)packedPanels * m.inner * NR);
  float* bp = packedB.data();
  // On one thread, a B whose panels are rows of it (plain and transposed A) is packed by the first row block's tiles
  // as they read it (Copies), whole panels only; a last partial panel, and every panel of a B read by several threads
  // or transposed, is packed first.
  const bool copyPanels = !inPlace && m.layout != Layout::TransposedB && m.rows >= MR && !shared;
  if (inPlace) {
    if (packedPanels) packB(m, panels - 1, bp);
  } else if (copyPanels) {
    if (m.columns % NR != 0) packB(m, panels - 1, bp + (int64_t)(panels - 1) * m.inner * NR);
  } else {
    auto packPanel = [&](int panel) { packB(m, panel, bp + (int64_t)panel * m.inner * NR); };
    if (shared) parallelFor(panels, packPanel);
    else for (int panel = 0; panel < panels; panel++) packPanel(panel);
  }
  auto panelData = [&](int panel, int64_t& ldb) -> const float* {
    if (!inPlace) {
      ldb = NR;
      return bp + (int64_t)panel * m.inner * NR;
    }
    if ((panel + 1) * NR <= m.columns) {
      ldb = m.columns;
      return m.b + (int64_t)panel * NR;
    }
    ldb = NR;
    return bp;
  };
  // Tasks: groups of row blocks × groups of panels, enough of them to balance two to four threads.
  const int blocksPerTask = std::max(1, std::min(8, blocks / 8));
  const int rowTasks = (blocks + blocksPerTask - 1) / blocksPerTask;
  const int panelTasks = rowTasks >= 8 ? 1 : std::min(panels, (8 + rowTasks - 1) / rowTasks);
  const int panelsPerTask = (panels + panelTasks - 1) / panelTasks;
  auto run = [&](int task) {
    static thread_local std::vector<float> packedA;
    packedA.resize((size_t)m.inner * MR);
    float* ap = packedA.data();
    const int rowTask = task / panelTasks, panelTask = task % panelTasks;
    const int lastBlock = std::min(blocks, (rowTask + 1) * blocksPerTask);
    const int firstPanel = panelTask * panelsPerTask, lastPanel = std::min(panels, firstPanel + panelsPerTask);
    for (int block = rowTask * blocksPerTask; block < lastBlock; block++) {
      const int rows = std::min(MR, m.rows - block * MR);
      // A whole block of transposed A is packed by its first tile (CopyA); any other block before its tiles.
      const bool copyA = m.layout == Layout::TransposedA && rows == MR;
      if (!copyA) packA(m, block, ap);
      for (int panel = firstPanel; panel < lastPanel; panel++) {
        const int columns = std::min(NR, m.columns - panel * NR);
        float* out = m.out + (int64_t)block * MR * m.columns + panel * NR;
        const bool copyingA = copyA && panel == firstPanel;
        // Block 0 reaches every whole panel first (tasks run in order on one thread): its tile packs the panel.
        const bool copyingB = copyPanels && block == 0 && columns == NR;
        if (!copyingA && !copyingB) {
          int64_t ldb = NR;
          const float* panelB = panelData(panel, ldb);
          tileRows<MR>(rows, m.inner, ap, panelB, ldb, out, m.columns, columns, m.accumulate);
          continue;
        }
        const float* a = copyingA ? m.a + (int64_t)block * MR : ap;
        const float* b = copyingB ? m.b + (int64_t)panel * NR : bp + (int64_t)panel * m.inner * NR;
        const int64_t ldb = copyingB ? m.columns : NR;
        const Copies copies{m.rows, ap, bp + (int64_t)panel * m.inner * NR};
        if (copyingA && copyingB) tile<MR, true, true>(m.inner, a, b, ldb, out, m.columns, columns, m.accumulate, copies);
        else if (copyingA) tile<MR, true, false>(m.inner, a, b, ldb, out, m.columns, columns, m.accumulate, copies);
        else tile<MR, false, true>(m.inner, a, b, ldb, out, m.columns, columns, m.accumulate, copies);
      }
    }
  };
  if (shared) parallelFor(rowTasks * panelTasks, run);
  else for (int task = 0; task < rowTasks * panelTasks; task++) run(task);
}
