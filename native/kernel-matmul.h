// Matrix products: packing and the register tile.
// A part of compute-impl.h, included inside its namespace genenv::GENENV_ISA once per instruction set
// (so it has no include guard and no includes of its own).

// out rows [R, NR] (+)= Ap [K, MR] · Bp [K, NR] (row k of Bp at bp + k·ldb: NR when packed, the row
// length when read in place); only `columns` ≤ NR columns are written.
template <int R>
static void tile(int inner, const float* ap, const float* bp, int64_t ldb, float* out, int ldc, int columns,
                 bool accumulate) {
  // The accumulators stay in registers: every index below is a constant once the loops over R are unrolled.
  vf c0[R], c1[R];
#pragma GCC unroll 8
  for (int r = 0; r < R; r++) c0[r] = c1[r] = vf{};
  for (int k = 0; k < inner; k++) {
    const vf b0 = load(bp + k * ldb), b1 = load(bp + k * ldb + VW);
    const float* a = ap + k * MR;
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
  for (int r = 0; r < count; r++) {
    const float* row = m.a + (int64_t)(first + r) * m.inner;
    for (int k = 0; k < m.inner; k++) target[(int64_t)k * MR + r] = row[k];
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
  const bool parallel = 2.0 * m.rows * m.inner * m.columns > PARALLEL_FLOPS;
  const bool inPlace = m.layout == Layout::Plain && m.rows < IN_PLACE_ROWS;
  // Packed panels [panels][inner, NR]; read in place, only a last partial panel is packed.
  const int packedPanels = inPlace ? (m.columns % NR != 0 ? 1 : 0) : panels;
  static thread_local std::vector<float> packedB;
  packedB.resize((size_t)packedPanels * m.inner * NR);
  float* bp = packedB.data();
  if (inPlace) {
    if (packedPanels) packB(m, panels - 1, bp);
  } else {
    auto packPanel = [&](int panel) { packB(m, panel, bp + (int64_t)panel * m.inner * NR); };
    if (parallel) parallelFor(panels, packPanel);
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
    const int rowTask = task / panelTasks, panelTask = task % panelTasks;
    const int lastBlock = std::min(blocks, (rowTask + 1) * blocksPerTask);
    const int lastPanel = std::min(panels, (panelTask + 1) * panelsPerTask);
    for (int block = rowTask * blocksPerTask; block < lastBlock; block++) {
      packA(m, block, packedA.data());
      const int rows = std::min(MR, m.rows - block * MR);
      for (int panel = panelTask * panelsPerTask; panel < lastPanel; panel++) {
        const int columns = std::min(NR, m.columns - panel * NR);
        float* out = m.out + (int64_t)block * MR * m.columns + panel * NR;
        int64_t ldb = NR;
        const float* panelB = panelData(panel, ldb);
        tileRows<MR>(rows, m.inner, packedA.data(), panelB, ldb, out, m.columns, columns, m.accumulate);
      }
    }
  };
  if (parallel) parallelFor(rowTasks * panelTasks, run);
  else for (int task = 0; task < rowTasks * panelTasks; task++) run(task);
}
