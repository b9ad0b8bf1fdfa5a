// The kernels, written once with GCC vector extensions and compiled per instruction set: the including
// file defines GENENV_VW (fp32 lanes of a vector), GENENV_MR (rows of a matmul register tile),
// GENENV_ISA (a namespace), GENENV_TABLE and GENENV_NAME, and is built with the matching -m flags.
//
// Every build gives the same bits (a run must not depend on the machine it ran on):
// - each output element is computed by one task in a fixed order, so results do not depend on threads;
// - every multiply-add that feeds an accumulation is an explicit fused one (fmadd below) and the rest are
//   separate multiplies and adds: binding.gyp compiles with -ffp-contract=off, so the compiler fuses nothing;
// - every reduction runs over LANES = 16 logical lanes (one AVX-512 register, two AVX2 registers, four
//   portable ones), lane i taking elements i, i + 16, …, then one fixed tree; tails run in index order;
// - exp and log are the polynomials below, never the C library's; `exponentials`, which replaces a JavaScript
//   loop, computes Math.exp's own algorithm (script-exp.h) in double precision.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <type_traits>
#include <vector>

#if GENENV_VW > 4 || defined(__FMA__)
#include <immintrin.h>
#endif

#include "compute.h"
#include "script-exp.h"

#ifdef GENENV_FORCE_BUILD_FAILURE
#error "GENENV_NATIVE_FAIL asked this build to fail (to test the WebAssembly fallback of npm ci)"
#endif

namespace genenv {
namespace GENENV_ISA {

constexpr int VW = GENENV_VW;
constexpr int MR = GENENV_MR;
constexpr int NR = 2 * VW;
typedef float vf __attribute__((vector_size(VW * 4)));
typedef int32_t vi __attribute__((vector_size(VW * 4)));

static inline vf load(const float* p) {
  vf v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
static inline void store(float* p, vf v) { std::memcpy(p, &v, sizeof v); }
// x in every lane. Written as x − 0, which is x for every x (−0 included) and which the compiler drops: the
// broadcast reads straight from memory. (0 + x would turn −0 into +0, and since it may change a bit the
// compiler must keep it: a scalar add before every broadcast, a third of a matrix product's time.)
static inline vf splat(float x) { return x - vf{}; }

// a·b + c rounded once, lane by lane: the same bits in every build.
static inline vf fmadd(vf a, vf b, vf c) {
#if defined(GENENV_LANEWISE_FMA)
  // isa-avx512-layout.cc: the loop below.
#elif GENENV_VW == 16
  return (vf)_mm512_fmadd_ps((__m512)a, (__m512)b, (__m512)c);
#elif GENENV_VW == 8
  return (vf)_mm256_fmadd_ps((__m256)a, (__m256)b, (__m256)c);
#elif defined(__FMA__)
  return (vf)_mm_fmadd_ps((__m128)a, (__m128)b, (__m128)c);
#endif
#if defined(GENENV_LANEWISE_FMA) || (GENENV_VW == 4 && !defined(__FMA__))
  // std::fma is exact by definition: hardware where the CPU has it (glibc picks it at load), else software.
  vf r;
  for (int i = 0; i < VW; i++) r[i] = std::fma(a[i], b[i], c[i]);
  return r;
#endif
}
static inline float fmadd(float a, float b, float c) { return std::fma(a, b, c); }

// The logical width of every reduction, whatever the register width.
constexpr int LANES = 16;
constexpr int PARTS = LANES / VW;
static_assert(LANES % VW == 0, "a register must divide the reduction width");

// Sixteen float lanes held in PARTS registers; lane i is element i of a block of 16.
struct Lanes {
  vf part[PARTS];
};
static inline Lanes zeroLanes() {
  Lanes x;
  for (int q = 0; q < PARTS; q++) x.part[q] = vf{};
  return x;
}
// The sum of the sixteen lanes by one fixed tree: c[i] = l[i] + l[i + 8], then ((c0 + c4) + (c2 + c6)) +
// ((c1 + c5) + (c3 + c7)). The first two levels run as vector adds (d[j] = c[j] + c[j + 4]; the tree is then
// (d0 + d2) + (d1 + d3)): the same additions of the same operands, without a scalar add per lane.
typedef float v8f __attribute__((vector_size(32)));
typedef float v4f __attribute__((vector_size(16)));
static inline float total(const Lanes& x) {
  v4f low, high;
#if GENENV_VW == 4
  low = (v4f)(x.part[0] + x.part[2]);  // c[0..3]
  high = (v4f)(x.part[1] + x.part[3]);  // c[4..7]
#else
  v8f c;
#if GENENV_VW == 16
  v8f first, second;
  std::memcpy(&first, &x.part[0], sizeof first);
  std::memcpy(&second, reinterpret_cast<const char*>(&x.part[0]) + sizeof first, sizeof second);
  c = first + second;
#else
  c = (v8f)(x.part[0] + x.part[1]);
#endif
  std::memcpy(&low, &c, sizeof low);
  std::memcpy(&high, reinterpret_cast<const char*>(&c) + sizeof low, sizeof high);
#endif
  const v4f d = low + high;
  return (d[0] + d[2]) + (d[1] + d[3]);
}

// e^x to ~2 ulp on [−87, 88]: 2^n · p(r) with r = x − n·ln 2, p a degree-6 polynomial. Separate multiplies
// and adds (no fusion), so every build rounds alike.
static inline vf vexp(vf x) {
  x = x < splat(-87.f) ? splat(-87.f) : x;
  x = x > splat(88.f) ? splat(88.f) : x;
  const vf shifter = splat(12582912.f);  // 1.5·2^23: adding it rounds to an integer
  vf n = (x * splat(1.44269504088896341f) + shifter) - shifter;
  vf r = x - n * splat(0.693359375f);
  r = r - n * splat(-2.12194440e-4f);
  vf p = splat(1.9875691500e-4f);
  p = p * r + splat(1.3981999507e-3f);
  p = p * r + splat(8.3334519073e-3f);
  p = p * r + splat(4.1665795894e-2f);
  p = p * r + splat(1.6666665459e-1f);
  p = p * r + splat(5.0000001201e-1f);
  p = p * r * r + r + splat(1.f);
  vi bits = (__builtin_convertvector(n, vi) + 127) << 23;
  vf scale;
  std::memcpy(&scale, &bits, sizeof scale);
  return p * scale;
}
static inline float sexp(float x) { return vexp(splat(x))[0]; }

// ln x for a finite x > 0 in double, to ~1 ulp: x = m·2^e with m in [√½, √2), ln m = 2·atanh(s) with
// s = (m − 1)/(m + 1), |s| < 0.172, summed to s^27 (the next term is below 2^−60 of the first). Ours, not
// the C library's, whose last bit may differ between versions and CPUs.
static inline double fixedLog(double x) {
  int exponent;
  double m = std::frexp(x, &exponent);  // m in [½, 1)
  if (m < 0.70710678118654752440) {
    m *= 2;
    exponent -= 1;
  }
  const double s = (m - 1) / (m + 1), s2 = s * s;
  double series = 1.0 / 27;
  for (int k = 25; k >= 1; k -= 2) series = series * s2 + 1.0 / k;
  return exponent * 0.69314718055994530942 + 2 * s * series;
}

// Σ a[i]·b[i] in the fixed order of the file header (fused multiply-adds).
static inline float dot(const float* a, const float* b, int n) {
  Lanes partial = zeroLanes();
  int i = 0;
  for (; i + LANES <= n; i += LANES)
    for (int q = 0; q < PARTS; q++)
      partial.part[q] = fmadd(load(a + i + q * VW), load(b + i + q * VW), partial.part[q]);
  float sum = total(partial);
  for (; i < n; i++) sum = fmadd(a[i], b[i], sum);
  return sum;
}
// y += alpha·x, fused, element by element.
static inline void axpy(float* y, float alpha, const float* x, int n) {
  int i = 0;
  vf a = splat(alpha);
  for (; i + VW <= n; i += VW) store(y + i, fmadd(a, load(x + i), load(y + i)));
  for (; i < n; i++) y[i] = fmadd(alpha, x[i], y[i]);
}

// p[0..count) ← e^(p − shift) in place; returns their sum in the fixed order.
static inline float exponentiate(float* p, int count, float shift) {
  Lanes partial = zeroLanes();
  int s = 0;
  for (; s + LANES <= count; s += LANES)
    for (int q = 0; q < PARTS; q++) {
      const vf e = vexp(load(p + s + q * VW) - splat(shift));
      store(p + s + q * VW, e);
      partial.part[q] += e;
    }
  float sum = total(partial);
  if (s == count) return sum;
  // The last count − s < 16 values through the vector exponential at once (padded with shift: e^0, unused), then
  // summed in index order: each lane is what sexp gives it alone, without a whole vector's work per value.
  const int tail = count - s;
  float buffer[LANES];
  for (int i = 0; i < LANES; i++) buffer[i] = i < tail ? p[s + i] : shift;
  for (int q = 0; q < PARTS; q++) store(buffer + q * VW, vexp(load(buffer + q * VW) - splat(shift)));
  for (int i = 0; i < tail; i++) sum += (p[s + i] = buffer[i]);
  return sum;
}

// p[0..count) ← p·scale; returns the largest product (−∞ for none), as the loop
// `largest = std::max(largest, p[s] *= scale)` would: a product is exact lane by lane, and the largest of a set is
// the same whatever the order (between +0 and −0 it may differ, and both shift an exponential alike).
static inline float scaleAndMax(float* p, int count, float scale) {
  vf largest = splat(-INFINITY);
  const vf factor = splat(scale);
  int s = 0;
  for (; s + VW <= count; s += VW) {
    const vf x = load(p + s) * factor;
    store(p + s, x);
    largest = largest < x ? x : largest;
  }
  float result = -INFINITY;
  for (int i = 0; i < VW; i++) result = std::max(result, largest[i]);
  for (; s < count; s++) result = std::max(result, p[s] *= scale);
  return result;
}

// ---- matrix products -----------------------------------------------------------------------------

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

// ---- row-wise and element-wise work ----------------------------------------------------------------

static void rmsNormForward(const float* x, const float* gain, float* out, float* inverse, int rows, int width,
                           float epsilon) {
  for (int row = 0; row < rows; row++) {
    const float* in = x + (int64_t)row * width;
    const float scale = 1.f / std::sqrt(dot(in, in, width) / width + epsilon);
    inverse[row] = scale;
    float* target = out + (int64_t)row * width;
    for (int c = 0; c < width; c++) target[c] = in[c] * scale * gain[c];
  }
}

static void rmsNormBackward(const float* x, const float* gain, const float* inverse, const float* dOut, float* dx,
                            float* dGain, int rows, int width) {
  std::vector<float> weighted(width);
  for (int row = 0; row < rows; row++) {
    const float* in = x + (int64_t)row * width;
    const float* upstream = dOut + (int64_t)row * width;
    const float scale = inverse[row];
    for (int c = 0; c < width; c++) weighted[c] = upstream[c] * gain[c];
    for (int c = 0; c < width; c++) dGain[c] += upstream[c] * in[c] * scale;
    const float correction = scale * scale * scale * dot(weighted.data(), in, width) / width;
    float* target = dx + (int64_t)row * width;
    for (int c = 0; c < width; c++) target[c] += scale * weighted[c] - in[c] * correction;
  }
}

static void swigluForward(const float* gate, const float* up, float* out, float* sigmoids, int64_t count) {
  int64_t i = 0;
  for (; i + VW <= count; i += VW) {
    const vf g = load(gate + i);
    const vf s = splat(1.f) / (splat(1.f) + vexp(-g));
    if (sigmoids) store(sigmoids + i, s);
    store(out + i, g * s * load(up + i));
  }
  for (; i < count; i++) {
    const float s = 1.f / (1.f + sexp(-gate[i]));
    if (sigmoids) sigmoids[i] = s;
    out[i] = gate[i] * s * up[i];
  }
}

static void swigluBackward(const float* gate, const float* up, const float* sigmoids, const float* dOut,
                           float* dGate, float* dUp, int64_t count) {
  for (int64_t i = 0; i < count; i++) {
    const float value = gate[i], s = sigmoids[i];
    dUp[i] = dOut[i] * value * s;
    dGate[i] = dOut[i] * up[i] * s * (1.f + value * (1.f - s));
  }
}

static void rotary(float* x, int rows, int width, int headWidth, const float* cos, const float* sin,
                   const int32_t* positions, int direction) {
  const int half = headWidth / 2;
  for (int row = 0; row < rows; row++) {
    const float* c = cos + (int64_t)positions[row] * half;
    const float* s = sin + (int64_t)positions[row] * half;
    float* base = x + (int64_t)row * width;
    for (int head = 0; head < width; head += headWidth) {
      for (int pair = 0; pair < half; pair++) {
        const float even = base[head + 2 * pair], odd = base[head + 2 * pair + 1];
        const float sine = direction * s[pair];
        base[head + 2 * pair] = even * c[pair] - odd * sine;
        base[head + 2 * pair + 1] = even * sine + odd * c[pair];
      }
    }
  }
}

// In-place log-softmax of each row; probabilities (same layout) and entropies [rows] when given.
static void logSoftmaxRows(float* values, int rows, int width, float* probabilities, float* entropies) {
  for (int row = 0; row < rows; row++) {
    float* v = values + (int64_t)row * width;
    float largest = -INFINITY;
    for (int i = 0; i < width; i++) largest = std::max(largest, v[i]);
    Lanes partial = zeroLanes();
    int i = 0;
    for (; i + LANES <= width; i += LANES)
      for (int q = 0; q < PARTS; q++) partial.part[q] += vexp(load(v + i + q * VW) - splat(largest));
    double sum = total(partial);
    for (; i < width; i++) sum += sexp(v[i] - largest);
    const float logTotal = largest + (float)fixedLog(sum);
    Lanes entropy = zeroLanes();
    float* p = probabilities ? probabilities + (int64_t)row * width : nullptr;
    for (i = 0; i + LANES <= width; i += LANES)
      for (int q = 0; q < PARTS; q++) {
        const int at = i + q * VW;
        const vf logp = load(v + at) - splat(logTotal);
        const vf prob = vexp(logp);
        store(v + at, logp);
        if (p) store(p + at, prob);
        entropy.part[q] -= prob * logp;
      }
    float tail = 0;
    for (; i < width; i++) {
      const float logp = v[i] - logTotal, prob = sexp(logp);
      v[i] = logp;
      if (p) p[i] = prob;
      tail -= prob * logp;
    }
    if (entropies) entropies[row] = total(entropy) + tail;
  }
}

// ∂L/∂logits = g·(onehot − p) − h·p·(log p + H) per row (targets < 0: no one-hot).
static void logitGradients(const float* logProbabilities, const float* probabilities, const float* entropies,
                           const float* gradLogprob, const float* gradEntropy, const int32_t* targets,
                           float* dLogits, int rows, int vocab) {
  for (int row = 0; row < rows; row++) {
    const int64_t base = (int64_t)row * vocab;
    const float g = gradLogprob[row], h = gradEntropy ? gradEntropy[row] : 0.f, entropy = entropies[row];
    for (int t = 0; t < vocab; t++) {
      const float p = probabilities[base + t];
      dLogits[base + t] = -g * p - h * p * (logProbabilities[base + t] + entropy);
    }
    if (targets[row] >= 0) dLogits[base + targets[row]] += g;
  }
}

// ---- exponentials with Math.exp's bits ------------------------------------------------------------

typedef double vd __attribute__((vector_size(VW * 4)));
typedef int64_t vl __attribute__((vector_size(VW * 4)));
constexpr int DW = VW / 2;  // doubles per vector

// target[i] = Math.exp((source[i] − shift) / divisor) for i < count, 0 where a mask is given and mask[i] ≠ 1, in
// the bits JavaScript computes them (script-exp.h); returns Σ target[i] summed in index order, as a JavaScript
// loop would. Four vectors go through the exponential at once (their chains overlap).
static double exponentials(const float* source, int count, double shift, double divisor, const uint8_t* mask,
                           double* target) {
  constexpr int G = 4, BLOCK = G * DW;
  const bool divide = divisor != 1.0;  // x / 1 is x: the division is skipped, not the result changed
  bool uncovered = false;
  int i = 0;
  for (; i + BLOCK <= count; i += BLOCK) {
    double arguments[BLOCK];
    for (int j = 0; j < BLOCK; j++) {
      const double x = (double)source[i + j] - shift;
      arguments[j] = divide ? x / divisor : x;
      if (mask && mask[i + j] != 1) arguments[j] = 0;
      uncovered |= !scriptexp::lanesCover(arguments[j]);
    }
    vd x[G];
    std::memcpy(x, arguments, sizeof x);
    scriptexp::lanes<vd, vl, G>(x);
    std::memcpy(target + i, x, sizeof x);
    if (uncovered) {
      for (int j = 0; j < BLOCK; j++)
        if (!scriptexp::lanesCover(arguments[j])) target[i + j] = scriptexp::scalar(arguments[j]);
      uncovered = false;
    }
    if (mask)
      for (int j = 0; j < BLOCK; j++)
        if (mask[i + j] != 1) target[i + j] = 0;
  }
  for (; i < count; i++) {
    const double x = (double)source[i] - shift;
    target[i] = mask && mask[i] != 1 ? 0 : scriptexp::scalar(divide ? x / divisor : x);
  }
  double sum = 0;
  for (int j = 0; j < count; j++) sum += target[j];
  return sum;
}

// ---- the copy head's rows ---------------------------------------------------------------------------

// −Σ P·log P over the tokens whose log P is above −∞, P = Math.exp(log P) (script-exp's bits), in token order.
static double rowEntropy(const float* logs, int vocab, double* scratch) {
  exponentials(logs, vocab, 0, 1, nullptr, scratch);
  double entropy = 0;
  for (int token = 0; token < vocab; token++) {
    const double log = logs[token];
    if (log > -INFINITY) entropy -= scratch[token] * log;
  }
  return entropy;
}

// The generator's part of the copy head's backward (copy-head-rows.ts): S = Math.exp(generatorLog),
// e = gradEntropy·(−finalLog − 1), u = keep·S·e (+ targetGradient at target), dLogits = u − S·Σu; returns Σ e·S.
// Both sums run in token order, as the JavaScript loop's do.
static double copyGeneratorBackward(const float* generatorLog, const float* finalLog, int vocab, double keep,
                                    double gradEntropy, int target, double targetGradient, double* scratch,
                                    float* dLogits) {
  exponentials(generatorLog, vocab, 0, 1, nullptr, scratch);
  double totalU = 0, entropyDotGenerator = 0;
  for (int token = 0; token < vocab; token++) {
    const double probability = scratch[token];
    double u = 0;
    if (gradEntropy != 0) {
      const double e = gradEntropy * (-(double)finalLog[token] - 1);
      u = keep * probability * e;
      entropyDotGenerator += e * probability;
    }
    if (token == target) u += targetGradient;
    dLogits[token] = (float)u;
    totalU += u;
  }
  for (int token = 0; token < vocab; token++) dLogits[token] = (float)((double)dLogits[token] - scratch[token] * totalU);
  return entropyDotGenerator;
}

// ---- the copy head's pointer ------------------------------------------------------------------------

// weights[j] = (float)((Σ_c query[c]·key_j[c]) · scale) for j < count, each dot in double summed in column order
// (float products are exact in double); returns the largest double score (−∞ for none; NaN is never the largest).
// Four positions go at once, each its own sum in its own order, so that their chains overlap.
static double pointerScores(const float* query, const float* keys, int count, int width, double scale,
                            float* weights) {
  double highest = -INFINITY;
  int j = 0;
  const auto take = [&](double score, int position) {
    score *= scale;
    weights[position] = (float)score;
    if (score > highest) highest = score;
  };
  for (; j + 4 <= count; j += 4) {
    const float* k = keys + (int64_t)j * width;
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (int c = 0; c < width; c++) {
      const double q = query[c];
      s0 += q * (double)k[c];
      s1 += q * (double)k[width + c];
      s2 += q * (double)k[2 * width + c];
      s3 += q * (double)k[3 * width + c];
    }
    take(s0, j);
    take(s1, j + 1);
    take(s2, j + 2);
    take(s3, j + 3);
  }
  for (; j < count; j++) {
    const float* k = keys + (int64_t)j * width;
    double score = 0;
    for (int c = 0; c < width; c++) score += (double)query[c] * (double)k[c];
    take(score, j);
  }
  return highest;
}

// Position by position (in order): with s = dScores[j]·scale ≠ 0, dQuery[c] += s·key_j[c] and key_j's gradient
// dKeys[j·width + c] += s·query[c], each in double rounded to float as stored. Columns are independent, so the
// vectors the compiler makes of the inner loop keep each element's bits.
static void pointerScoresBackward(const float* dScores, int count, double scale, const float* __restrict query,
                                  const float* __restrict keys, int width, float* __restrict dQuery,
                                  float* __restrict dKeys) {
  for (int j = 0; j < count; j++) {
    const double s = (double)dScores[j] * scale;
    if (s == 0) continue;  // skipped, not added: 0·k would turn −0 into +0 and 0·∞ into NaN
    const float* key = keys + (int64_t)j * width;
    float* dKey = dKeys + (int64_t)j * width;
    for (int c = 0; c < width; c++) {
      dQuery[c] = (float)((double)dQuery[c] + s * (double)key[c]);
      dKey[c] = (float)((double)dKey[c] + s * (double)query[c]);
    }
  }
}

// ---- AdamW ------------------------------------------------------------------------------------------

// AdamW's element-wise update of `count` parameters (the arithmetic of src/models/adam.ts, in its order, in
// double precision with every stored value rounded to float). Each operation is IEEE-exact (multiply, add,
// divide, square root; no contraction), so the vectors the compiler makes of this loop give the scalar's bits.
static void adamUpdate(float* __restrict parameters, const float* __restrict gradients, float* __restrict first,
                       float* __restrict second, int64_t count, const AdamConstants& c) {
  for (int64_t index = 0; index < count; index++) {
    const double gradient = (double)gradients[index] * c.clipScale;
    const float m = (float)(c.beta1 * (double)first[index] + (1 - c.beta1) * gradient);
    const float v = (float)(c.beta2 * (double)second[index] + (1 - c.beta2) * gradient * gradient);
    first[index] = m;
    second[index] = v;
    const double update = (double)m / c.correction1 / (std::sqrt((double)v / c.correction2) + c.epsilon);
    const double parameter = parameters[index];
    parameters[index] = (float)(parameter - c.learningRate * (update + c.weightDecay * parameter));
  }
}

// A float sum is IEEE-exact, so the vectors the compiler makes of this loop give the scalar's bits (and JavaScript's,
// whose double sum of two floats rounds to the same float).
static void addInto(float* __restrict target, const float* __restrict source, int64_t count) {
  for (int64_t index = 0; index < count; index++) target[index] = target[index] + source[index];
}

// ---- attention -------------------------------------------------------------------------------------

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

// p[0..count) ← softmax of p[0..count) (vectorised exponentials).
static inline void softmaxInPlace(float* p, int count) {
  float largest = -INFINITY;
  for (int s = 0; s < count; s++) largest = std::max(largest, p[s]);
  const vf inverse = splat(1.f / exponentiate(p, count, largest));
  int s = 0;
  for (; s + VW <= count; s += VW) store(p + s, load(p + s) * inverse);
  for (; s < count; s++) p[s] *= inverse[0];
}

// Query rows scored together (rowsTimesTransposed): four rows × three vectors of accumulators fit 16 registers.
constexpr int SCORE_ROWS = 4;

// Per (sequence, head) task: scores of row t against keys 0..t, softmax, then the weighted sum of values.
static void attentionForward(const AttentionArgs& a) {
  const int width = a.heads * a.headWidth, L = a.length, dh = a.headWidth;
  const float scale = 1.f / std::sqrt((float)dh);
  parallelFor(a.batch * a.heads, [&](int task) {
    const int sequence = task / a.heads, head = task % a.heads;
    const int64_t rowBase = (int64_t)sequence * L, column = head * dh;
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
    for (int t = 0; t < L; t++) {
      float* p = probabilities + (int64_t)t * L;
      const float largest = scaleAndMax(p, t + 1, scale);
      const vf inverse = splat(1.f / exponentiate(p, t + 1, largest));
      int s = 0;
      for (; s + VW <= t + 1; s += VW) store(p + s, load(p + s) * inverse);
      for (; s <= t; s++) p[s] *= inverse[0];
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
    else if (dh == 2 * VW) grouped(std::integral_constant<int, 4>{}, std::integral_constant<int, 2>{});
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
    const int sequence = task / a.heads, head = task % a.heads;
    const int64_t rowBase = (int64_t)sequence * L, column = head * dh;
    const float* probabilities = a.probabilities + (int64_t)task * L * L;
    static thread_local std::vector<float> valuesT, queries, keys, dOuts, dScores, result;
    valuesT.resize((size_t)dh * L);
    queries.resize((size_t)L * dh);
    keys.resize((size_t)L * dh);
    dOuts.resize((size_t)L * dh);
    dScores.resize((size_t)L * L);
    result.resize(dh);
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
      float w0 = 0, w1 = 0, w2 = 0, w3 = 0;
      for (int s = 0; s <= t; s++) {
        w0 += p[s] * dP[s];
        w1 += p[L + s] * dP[L + s];
        w2 += p[2 * L + s] * dP[2 * L + s];
        w3 += p[3 * L + s] * dP[3 * L + s];
      }
      w1 += p[L + t + 1] * dP[L + t + 1];
      for (int s = t + 1; s <= t + 2; s++) w2 += p[2 * L + s] * dP[2 * L + s];
      for (int s = t + 1; s <= t + 3; s++) w3 += p[3 * L + s] * dP[3 * L + s];
      softmaxGradient(t, w0);
      softmaxGradient(t + 1, w1);
      softmaxGradient(t + 2, w2);
      softmaxGradient(t + 3, w3);
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
    else if (dh == 2 * VW) grouped(std::integral_constant<int, 4>{}, std::integral_constant<int, 2>{});
    else if (dh == 4 * VW) grouped(std::integral_constant<int, 2>{}, std::integral_constant<int, 4>{});
    else grouped(std::integral_constant<int, 1>{}, std::integral_constant<int, 0>{});
  });
}

static void cachedAttention(const CachedAttentionArgs& a) {
  const int width = a.heads * a.headWidth, dh = a.headWidth;
  const float scale = 1.f / std::sqrt((float)dh);
  auto run = [&](int task) {
    const int row = task / a.heads, head = task % a.heads;
    static thread_local std::vector<float> scores;
    scores.resize(a.cacheLength);
    const int at = a.positions[row];
    const int64_t cacheBase = (int64_t)a.sequences[row] * a.cacheLength * width + head * dh;
    const float* q = a.query + (int64_t)row * width + head * dh;
    for (int s = 0; s <= at; s++) scores[s] = dot(q, a.keys + cacheBase + (int64_t)s * width, dh) * scale;
    softmaxInPlace(scores.data(), at + 1);
    weightedRows(scores.data(), 1, a.values + cacheBase, at + 1, dh, a.attended + (int64_t)row * width + head * dh,
                 width);
  };
  const int tasks = a.rows * a.heads;
  double work = 0;  // multiply-adds of the whole call
  for (int row = 0; row < a.rows; row++) work += 2.0 * (a.positions[row] + 1) * width;
  if (work > 4e5) parallelFor(tasks, run);
  else for (int task = 0; task < tasks; task++) run(task);
}

}  // namespace GENENV_ISA

const Kernels GENENV_TABLE = {
    GENENV_NAME,
    GENENV_ISA::matmul,
    GENENV_ISA::rmsNormForward,
    GENENV_ISA::rmsNormBackward,
    GENENV_ISA::swigluForward,
    GENENV_ISA::swigluBackward,
    GENENV_ISA::rotary,
    GENENV_ISA::logSoftmaxRows,
    GENENV_ISA::logitGradients,
    GENENV_ISA::attentionForward,
    GENENV_ISA::attentionBackward,
    GENENV_ISA::cachedAttention,
    GENENV_ISA::exponentials,
    GENENV_ISA::rowEntropy,
    GENENV_ISA::copyGeneratorBackward,
    GENENV_ISA::pointerScores,
    GENENV_ISA::pointerScoresBackward,
    GENENV_ISA::adamUpdate,
    GENENV_ISA::addInto,
};

}  // namespace genenv
