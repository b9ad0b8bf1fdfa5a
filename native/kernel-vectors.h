// Vectors, the fixed sixteen-lane reduction, and the exponential and logarithm every build shares.
// A part of compute-impl.h, included inside its namespace genenv::GENENV_ISA once per instruction set
// (so it has no include guard and no includes of its own). Everything after it builds on these.

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

// The first n < VW floats at p as a vector, `fill` in the other lanes; and the first n lanes of x stored at p. Neither
// touches memory past p + n (masked loads and stores where the instruction set has them).
static inline vf loadFirst(const float* p, int n, float fill) {
#if GENENV_VW == 16 && defined(__AVX512F__)
  return (vf)_mm512_mask_loadu_ps(_mm512_set1_ps(fill), (__mmask16)((1u << n) - 1), p);
#elif GENENV_VW == 8 && defined(__AVX2__)
  const vi lanes = {0, 1, 2, 3, 4, 5, 6, 7};
  const vi inside = lanes < n;
  return inside ? (vf)_mm256_maskload_ps(p, (__m256i)inside) : splat(fill);
#else
  vf x = splat(fill);
  for (int i = 0; i < n; i++) x[i] = p[i];
  return x;
#endif
}
static inline void storeFirst(float* p, vf x, int n) {
#if GENENV_VW == 16 && defined(__AVX512F__)
  _mm512_mask_storeu_ps(p, (__mmask16)((1u << n) - 1), (__m512)x);
#elif GENENV_VW == 8 && defined(__AVX2__)
  const vi lanes = {0, 1, 2, 3, 4, 5, 6, 7};
  _mm256_maskstore_ps(p, (__m256i)(lanes < n), (__m256)x);
#else
  for (int i = 0; i < n; i++) p[i] = x[i];
#endif
}

// The largest lane, by halves. A maximum is exact in any order; only the sign of a zero maximum could differ, and
// what the callers do with it gives the same bits either way: x − (±0) is x for every x but zero, whose exponential
// is 1 either way, and (±0) + y is y for every y ≥ 0 (a log-softmax's logarithm of a sum of at least 1).
static inline float largestLane(vf x) {
  v4f low, high;
#if GENENV_VW == 16
  v8f first, second;
  std::memcpy(&first, &x, sizeof first);
  std::memcpy(&second, reinterpret_cast<const char*>(&x) + sizeof first, sizeof second);
  const v8f eight = first < second ? second : first;
  std::memcpy(&low, &eight, sizeof low);
  std::memcpy(&high, reinterpret_cast<const char*>(&eight) + sizeof low, sizeof high);
#elif GENENV_VW == 8
  std::memcpy(&low, &x, sizeof low);
  std::memcpy(&high, reinterpret_cast<const char*>(&x) + sizeof low, sizeof high);
#else
  low = high = x;
#endif
  const v4f four = low < high ? high : low;
  return std::max(std::max(four[0], four[1]), std::max(four[2], four[3]));
}

// e^(p[j] − shift) for j < count < LANES into out[j], by vectors (each lane is what sexp gives it alone).
static inline void tailExponentials(const float* p, int count, float shift, float* out) {
  for (int q = 0; q < PARTS && q * VW < count; q++) {
    const int inside = std::min(VW, count - q * VW);
    const vf x = inside == VW ? load(p + q * VW) : loadFirst(p + q * VW, inside, shift);
    store(out + q * VW, vexp(x - splat(shift)));
  }
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
  tailExponentials(p + s, tail, shift, buffer);
  for (int i = 0; i < tail; i++) sum += (p[s + i] = buffer[i]);
  return sum;
}

// The largest of p[0..count) (−∞ when empty), by vectors: a chain of scalar maxima costs a few cycles per value.
static inline float rowMaximum(const float* p, int count) {
  vf largest = splat(-INFINITY);
  int s = 0;
  for (; s + VW <= count; s += VW) {
    const vf x = load(p + s);
    largest = largest < x ? x : largest;
  }
  if (s < count) {
    const vf x = loadFirst(p + s, count - s, -INFINITY);
    largest = largest < x ? x : largest;
  }
  return largestLane(largest);
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
  if (s < count) {
    // The last count − s < VW values as one vector (−∞ past the end): no chain of scalar maxima.
    const vf x = loadFirst(p + s, count - s, -INFINITY) * factor;
    storeFirst(p + s, x, count - s);
    largest = largest < x ? x : largest;
  }
  return largestLane(largest);
}

// The fp32 multiply-add ceiling of one core in this build's vectors: PEAK_CHAINS independent chains of fused
// multiply-adds (enough to keep two FMA units busy through their latency), run in rounds until `seconds` have
// passed; returns FLOP/s. Nothing here reaches a result: it measures what the cores can do, for the bench.
constexpr int PEAK_CHAINS = 12;
// Where fmaPeak leaves its chains' sum (volatile: the compiler must compute it).
static volatile float peakSink;
static double fmaPeak(double seconds) {
  vf chains[PEAK_CHAINS];
  for (int c = 0; c < PEAK_CHAINS; c++) chains[c] = splat(1.f + (float)c / 1024);
  // x ← x·(1 − 2⁻²⁰) + 2⁻²⁰ stays near 1, so no chain overflows or goes subnormal however long it runs.
  const vf factor = splat(1.f - 1.f / (1 << 20)), offset = splat(1.f / (1 << 20));
  constexpr int64_t ROUNDS = 1 << 16;
  const auto start = std::chrono::steady_clock::now();
  int64_t rounds = 0;
  double elapsed = 0;
  do {
    for (int64_t round = 0; round < ROUNDS; round++)
#pragma GCC unroll 16
      for (int c = 0; c < PEAK_CHAINS; c++) chains[c] = fmadd(chains[c], factor, offset);
    rounds += ROUNDS;
    elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  } while (elapsed < seconds);
  // Every chain feeds the result, so the compiler keeps them all.
  float sum = 0;
  for (int c = 0; c < PEAK_CHAINS; c++) sum += chains[c][0];
  peakSink = sum;
  return (double)rounds * PEAK_CHAINS * VW * 2 / elapsed;
}
