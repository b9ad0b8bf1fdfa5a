// The compute kernels of the native backend, one table per instruction set (compute-impl.h is compiled
// once per set: AVX-512, AVX2+FMA, portable) and the thread pool they share.
#pragma once
#include <cstdint>
#include <functional>

namespace genenv {

// Runs task(0) … task(count − 1), on the pool's threads and any guests helping (see helpUntil) when it is free
// (else on the caller). Every task's result must not depend on which thread runs it: then results are identical
// for any thread count.
void parallelFor(int count, const std::function<void(int)>& task);
int poolThreads();
void setPoolThreads(int threads);
// Whether a parallelFor called now could share its tasks: the pool has workers, or a guest is helping.
bool poolCanShare();
// Called by a thread that would otherwise sleep until `*flag` changes from `value` (a JavaScript thread waiting for
// another): it takes tasks of the jobs other threads publish meanwhile. Returns true once the flag differs from
// `value`, false once about `idleSeconds` pass with no job to join (the caller then sleeps as before: spinning
// through the other thread's JavaScript would only take a core from the process's other threads).
bool helpUntil(const int32_t* flag, int32_t value, double idleSeconds);

enum class Layout { Plain, TransposedA, TransposedB };

struct MatmulArgs {
  const float* a;
  const float* b;
  float* out;
  int rows, inner, columns;
  Layout layout;
  bool accumulate;
};

struct AttentionArgs {
  const float *q, *k, *v;
  float* out;            // forward: attended
  float* probabilities;  // [batch, heads, length, length]
  const float* dOut;     // backward only
  float *dq, *dk, *dv;   // backward only
  int batch, length, heads, headWidth;
};

struct CachedAttentionArgs {
  const float* query;
  const float* keys;
  const float* values;
  float* attended;
  const int32_t* sequences;
  const int32_t* positions;
  int rows, cacheLength, heads, headWidth;
};

// AdamW's constants for one step: moment decays, bias corrections, the clip's scale (1 when not clipped).
struct AdamConstants {
  double learningRate, beta1, beta2, epsilon, weightDecay, clipScale, correction1, correction2;
};

struct Kernels {
  const char* name;
  void (*matmul)(const MatmulArgs&);
  void (*rmsNormForward)(const float* x, const float* gain, float* out, float* inverse, int rows, int width,
                         float epsilon);
  void (*rmsNormBackward)(const float* x, const float* gain, const float* inverse, const float* dOut, float* dx,
                          float* dGain, int rows, int width);
  void (*swigluForward)(const float* gate, const float* up, float* out, float* sigmoids, int64_t count);
  void (*swigluBackward)(const float* gate, const float* up, const float* sigmoids, const float* dOut, float* dGate,
                         float* dUp, int64_t count);
  void (*rotary)(float* x, int rows, int width, int headWidth, const float* cos, const float* sin,
                 const int32_t* positions, int direction);
  void (*logSoftmaxRows)(float* values, int rows, int width, float* probabilities, float* entropies);
  void (*logitGradients)(const float* logProbabilities, const float* probabilities, const float* entropies,
                         const float* gradLogprob, const float* gradEntropy, const int32_t* targets, float* dLogits,
                         int rows, int vocab);
  void (*attentionForward)(const AttentionArgs&);
  void (*attentionBackward)(const AttentionArgs&);
  void (*cachedAttention)(const CachedAttentionArgs&);
  // target[i] = e^((source[i] − shift) / divisor) with Math.exp's bits, 0 where mask (if any) is not 1; returns Σ.
  double (*exponentials)(const float* source, int count, double shift, double divisor, const uint8_t* mask,
                         double* target);
  // The copy head's loops over one row of the vocabulary (src/models/copy-head-rows.ts, bit for bit); `scratch`
  // holds `vocab` doubles.
  double (*rowEntropy)(const float* logs, int vocab, double* scratch);
  double (*copyGeneratorBackward)(const float* generatorLog, const float* finalLog, int vocab, double keep,
                                  double gradEntropy, int target, double targetGradient, double* scratch,
                                  float* dLogits);
  // The copy head's pointer scores of one row and their backward (src/models/pointer-scores.ts, bit for bit).
  // Queries and keys are rows of `width`; `query` is the row's query, `keys` the first of its `count` key rows.
  double (*pointerScores)(const float* query, const float* keys, int count, int width, double scale, float* weights);
  void (*pointerScoresBackward)(const float* dScores, int count, double scale, const float* query, const float* keys,
                                int width, float* dQuery, float* dKeys);
  // AdamW's element-wise update of parameters, first and second moments, from gradients (count elements).
  void (*adamUpdate)(float* parameters, const float* gradients, float* first, float* second, int64_t count,
                     const AdamConstants& constants);
  // target[i] = target[i] + source[i] in float (count elements).
  void (*addInto)(float* target, const float* source, int64_t count);
  // One core's fp32 multiply-add ceiling in this build's vectors, FLOP/s, measured for about `seconds`.
  double (*fmaPeak)(double seconds);
};

extern const Kernels avx512Kernels;
extern const Kernels avx2Kernels;
extern const Kernels portableKernels;
// The portable source built with -mfma (x86 only): picked for `portable` where the CPU has FMA, same bits.
extern const Kernels portableFmaKernels;
// For tests (x86 with AVX2+FMA): the AVX-512 build's layout with lane-by-lane fma (isa-avx512-layout.cc).
extern const Kernels avx512LayoutKernels;

}  // namespace genenv
