// Exponentials with Math.exp's bits, and the copy head's rows and pointer.
// A part of compute-impl.h, included inside its namespace genenv::GENENV_ISA once per instruction set
// (so it has no include guard and no includes of its own).

typedef double vd __attribute__((vector_size(VW * 4)));
typedef int64_t vl __attribute__((vector_size(VW * 4)));
constexpr int DW = VW / 2;  // doubles per vector

// target[i] = Math.exp((source[i] − shift) / divisor) for i < count, 0 where a mask is given and mask[i] ≠ 1, in
// the bits JavaScript computes them (script-exp.h); returns Σ target[i] summed in index order, as a JavaScript
// loop would. Four vectors go through the exponential at once (their chains overlap).
static double exponentials(const float* source, int count, double shift, double divisor, const uint8_t* mask,
                           double* target) {
  constexpr int G = 4, BLOCK = G * DW;
  typedef float halfFloats __attribute__((vector_size(DW * 4)));  // DW floats, widened to one vd
  const bool divide = divisor != 1.0;  // x / 1 is x: the division is skipped, not the result changed
  const vd shifts = shift - vd{}, divisors = divisor - vd{};
  double sum = 0;
  int i = 0;
  for (; i + BLOCK <= count; i += BLOCK) {
    // The arguments a vector at a time: widening, subtracting and dividing are exact lane by lane, so each is the
    // double a scalar loop computes.
    vd x[G];
    bool uncovered = false;
    for (int u = 0; u < G; u++) {
      halfFloats narrow;
      std::memcpy(&narrow, source + i + u * DW, sizeof narrow);
      x[u] = __builtin_convertvector(narrow, vd) - shifts;
      if (divide) x[u] = x[u] / divisors;
      if (mask)
        for (int j = 0; j < DW; j++)
          if (mask[i + u * DW + j] != 1) x[u][j] = 0;
      vl bits;
      std::memcpy(&bits, &x[u], sizeof bits);
      const vl high = (bits >> 32) & 0x7fffffff;
      for (int j = 0; j < DW; j++) uncovered |= high[j] >= scriptexp::coveredBelow;  // as lanesCover, a vector at once
    }
    double arguments[BLOCK];
    if (uncovered) std::memcpy(arguments, x, sizeof x);
    scriptexp::lanes<vd, vl, G>(x);
    std::memcpy(target + i, x, sizeof x);
    if (uncovered)
      for (int j = 0; j < BLOCK; j++)
        if (!scriptexp::lanesCover(arguments[j])) target[i + j] = scriptexp::scalar(arguments[j]);
    if (mask)
      for (int j = 0; j < BLOCK; j++)
        if (mask[i + j] != 1) target[i + j] = 0;
    // The sum in index order, block by block: its chain of additions overlaps the next block's exponentials.
    for (int j = 0; j < BLOCK; j++) sum += target[i + j];
  }
  for (; i < count; i++) {
    const double x = (double)source[i] - shift;
    target[i] = mask && mask[i] != 1 ? 0 : scriptexp::scalar(divide ? x / divisor : x);
    sum += target[i];
  }
  return sum;
}

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
