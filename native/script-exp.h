// e^x in double precision with the bits of JavaScript's Math.exp, so that work moved here from JavaScript keeps
// every result. V8 (Node's engine) computes Math.exp with the algorithm of Sun's fdlibm (e_exp.c): reduce x to
// r = x − k·ln 2 with |r| ≤ ½ ln 2 (ln 2 split in a high part exact in k·ln2High and a low part), take a rational
// approximation R(r) = 1 − ((r·c)/(c − 2) − r), c = r − r²·P(r²) with a degree-5 polynomial P, and scale by 2^k;
// and it returns the constant e for x = 1. Each lane below performs exactly those IEEE operations in that order
// (built without contraction into fused multiply-adds), so every build and every vector width gives Math.exp's
// bits; src/models/exponentials.test.ts holds them equal on millions of arguments.
#pragma once
#include <cstdint>
#include <cstring>

namespace genenv {
namespace scriptexp {

constexpr double ln2High = 6.93147180369123816490e-01;  // ln 2 rounded so that k·ln2High is exact for |k| < 2^11
constexpr double ln2Low = 1.90821492927058770002e-10;   // ln 2 − ln2High
constexpr double inverseLn2 = 1.44269504088896338700e+00;
constexpr double P1 = 1.66666666666666019037e-01;
constexpr double P2 = -2.77777777770155933842e-03;
constexpr double P3 = 6.61375632143793436117e-05;
constexpr double P4 = -1.65339022054652515390e-06;
constexpr double P5 = 4.13813679705723846039e-08;
constexpr double twoToMinus1000 = 9.33263618503218878990e-302;
constexpr double overflowAbove = 7.09782712893383973096e+02;
constexpr double underflowBelow = -7.45133219101941108420e+02;
constexpr double e = 2.718281828459045;

inline uint64_t bitsOf(double x) {
  uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  return bits;
}
inline double fromBits(uint64_t bits) {
  double x;
  std::memcpy(&x, &bits, sizeof x);
  return x;
}

// Math.exp(x) for any x (NaN, infinities, overflow and underflow included); one lane at a time.
inline double scalar(double x) {
  if (x == 1.0) return e;
  uint32_t high = (uint32_t)(bitsOf(x) >> 32);
  const bool negative = (high >> 31) != 0;
  high &= 0x7fffffff;
  if (high >= 0x40862E42) {  // |x| ≥ 709.78
    if (high >= 0x7ff00000) {
      if (((high & 0xfffff) | (uint32_t)bitsOf(x)) != 0) return x + x;  // NaN
      return negative ? 0.0 : x;                                         // e^−∞ = 0, e^∞ = ∞
    }
    if (x > overflowAbove) return 1.0e300 * 1.0e300;
    if (x < underflowBelow) return twoToMinus1000 * twoToMinus1000;
  }
  double high2 = 0, low = 0;
  int k = 0;
  if (high > 0x3fd62e42) {    // |x| > ½ ln 2
    if (high < 0x3FF0A2B2) {  // and |x| < 1.5 ln 2: k = ±1
      high2 = negative ? x + ln2High : x - ln2High;
      low = negative ? -ln2Low : ln2Low;
      k = negative ? -1 : 1;
    } else {
      k = (int)(inverseLn2 * x + (negative ? -0.5 : 0.5));
      const double t = k;
      high2 = x - t * ln2High;
      low = t * ln2Low;
    }
    x = high2 - low;
  } else if (high < 0x3e300000) {  // |x| < 2^−28
    return 1.0 + x;
  }
  const double t = x * x;
  const double c = x - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  if (k == 0) return 1.0 - ((x * c) / (c - 2.0) - x);
  const double y = 1.0 - ((low - (x * c) / (2.0 - c)) - high2);
  if (k >= -1021) {
    if (k == 1024) return y * 2.0 * fromBits(0x7fe0000000000000ULL);
    return y * fromBits((uint64_t)(0x3ff + k) << 52);
  }
  return y * fromBits((uint64_t)(0x3ff + k + 1000) << 52) * twoToMinus1000;
}

// Whether the lane-parallel form below gives Math.exp(x): |x| < 708 (its high word below 0x40862000), where 2^k
// is one normal factor; the rest (overflow, deep underflow, NaN, ±∞) goes to `scalar`.
constexpr uint32_t coveredBelow = 0x40862000;  // the high word of 708 (sign cleared)
inline bool lanesCover(double x) { return ((bitsOf(x) >> 32) & 0x7fffffff) < coveredBelow; }

// G vectors V of doubles at once, in place, for lanes with |x| < 708 (see lanesCover); every step is applied to
// all G before the next, so that G independent chains of dependent operations overlap. L is the vector of 64-bit
// integers as wide as V. For 0.5·ln 2 < |x| < 1.5·ln 2 the reduction is fdlibm's k = ±1 branch, and for
// |x| ≤ 0.5·ln 2 its k = 0 formula 1 − ((r·c)/(c − 2) − r), written as 1 − (−q − r) with q = (r·c)/(2 − c): c − 2
// is exactly −(2 − c) and a quotient only changes sign, so it is the same double.
template <typename V, typename L, int G>
inline void lanes(V* x) {
  constexpr double shifter = 6755399441055744.0;  // 1.5·2^52: t + shifter − shifter rounds t to an integer
  const V zero = V{}, one = V{} + 1.0;
  L negative[G], middle[G], far[G], tiny[G], k[G];
  V t[G], high2[G], low[G], r[G];
  for (int u = 0; u < G; u++) {
    L bits;
    std::memcpy(&bits, &x[u], sizeof bits);
    const L high = (bits >> 32) & 0x7fffffff;
    negative[u] = bits < 0;
    middle[u] = (high > 0x3fd62e42) & (high < 0x3FF0A2B2);
    far[u] = high >= 0x3FF0A2B2;
    tiny[u] = high < 0x3e300000;
  }
  for (int u = 0; u < G; u++) {
    // k = (int)(x/ln 2 ± ½), truncated toward zero as C's conversion does.
    const V v = x[u] * inverseLn2 + (negative[u] ? V{} - 0.5 : V{} + 0.5);
    const V nearest = (v + shifter) - shifter;
    V truncated = nearest > v && v >= zero ? nearest - 1.0 : nearest;
    truncated = truncated < v && v < zero ? truncated + 1.0 : truncated;
    t[u] = far[u] ? truncated : (middle[u] ? (negative[u] ? zero - 1.0 : one) : zero);
  }
  for (int u = 0; u < G; u++) {
    const V shifted = t[u] + shifter;  // an integer's bits below 2^51 sit in the low bits
    std::memcpy(&k[u], &shifted, sizeof shifted);
    k[u] = k[u] - 0x4338000000000000LL;
    high2[u] = far[u] ? x[u] - t[u] * ln2High : (negative[u] ? x[u] + ln2High : x[u] - ln2High);
    low[u] = far[u] ? t[u] * ln2Low : (negative[u] ? zero - ln2Low : zero + ln2Low);
    r[u] = (far[u] | middle[u]) ? high2[u] - low[u] : x[u];
  }
  V square[G], c[G], quotient[G];
  for (int u = 0; u < G; u++) square[u] = r[u] * r[u];
  for (int u = 0; u < G; u++) c[u] = P4 + square[u] * P5;
  for (int u = 0; u < G; u++) c[u] = P3 + square[u] * c[u];
  for (int u = 0; u < G; u++) c[u] = P2 + square[u] * c[u];
  for (int u = 0; u < G; u++) c[u] = P1 + square[u] * c[u];
  for (int u = 0; u < G; u++) c[u] = r[u] - square[u] * c[u];
  for (int u = 0; u < G; u++) quotient[u] = (r[u] * c[u]) / (2.0 - c[u]);
  for (int u = 0; u < G; u++) {
    const V reduced = one - ((low[u] - quotient[u]) - high2[u]);
    const V unreduced = one - ((-quotient[u]) - r[u]);
    const L deep = k[u] < -1021;
    const L scaleBits = (k[u] + 0x3ff + (deep ? L{} + 1000 : L{})) << 52;
    V scale;
    std::memcpy(&scale, &scaleBits, sizeof scale);
    V scaled = reduced * scale;
    scaled = deep ? scaled * twoToMinus1000 : scaled;
    V result = (far[u] | middle[u]) ? scaled : unreduced;
    result = tiny[u] ? one + x[u] : result;
    x[u] = x[u] == one ? V{} + e : result;
  }
}

}  // namespace scriptexp
}  // namespace genenv
