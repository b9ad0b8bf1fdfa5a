// Row-wise and element-wise work: norms, SwiGLU, rotary positions, log-softmax and its gradient.
// A part of compute-impl.h, included inside its namespace genenv::GENENV_ISA once per instruction set
// (so it has no include guard and no includes of its own).

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
    const float largest = rowMaximum(v, width);
    Lanes partial = zeroLanes();
    int i = 0;
    for (; i + LANES <= width; i += LANES)
      for (int q = 0; q < PARTS; q++) partial.part[q] += vexp(load(v + i + q * VW) - splat(largest));
    double sum = total(partial);
    // The last width − i < 16 values' exponentials as vectors (each lane is what sexp gives it alone), added in order.
    const int tail = width - i;
    float exponentials[LANES];
    tailExponentials(v + i, tail, largest, exponentials);
    for (int j = 0; j < tail; j++) sum += exponentials[j];
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
    float rest = 0;
    tailExponentials(v + i, tail, logTotal, exponentials);
    for (int j = 0; j < tail; j++) {
      const float logp = v[i + j] - logTotal, prob = exponentials[j];
      v[i + j] = logp;
      if (p) p[i + j] = prob;
      rest -= prob * logp;
    }
    if (entropies) entropies[row] = total(entropy) + rest;
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
