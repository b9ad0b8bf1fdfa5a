// Node-API bindings of the native kernels. The instruction set is picked once, at load, from what the CPU
// reports (AVX-512, else AVX2+FMA, else the portable build); GENENV_NATIVE_ISA can ask for a lower one.
// Arguments are checked for type and length here, so that a wrong call throws instead of corrupting memory.
#include <node_api.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "compute.h"

#ifdef GENENV_FORCE_BUILD_FAILURE
#error "GENENV_NATIVE_FAIL asked this build to fail (to test the WebAssembly fallback of npm ci)"
#endif

namespace genenv {
namespace {

const Kernels* chosen = &portableKernels;

// The kernel tables this CPU can run, best first (portable always last). All give the same bits.
std::vector<const Kernels*> runnableKernels() {
  std::vector<const Kernels*> tables;
#if (defined(__x86_64__) || defined(__i386__)) && !defined(GENENV_NO_X86_KERNELS)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) tables.push_back(&avx512Kernels);
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) tables.push_back(&avx2Kernels);
  tables.push_back(__builtin_cpu_supports("fma") ? &portableFmaKernels : &portableKernels);
  return tables;
#else
  tables.push_back(&portableKernels);
  return tables;
#endif
}

// The best table not above the one asked for (GENENV_NATIVE_ISA: avx512 | avx2 | portable; empty: the best).
const Kernels* pickKernels(const std::string& ask) {
  // For tests: the portable build that calls the C library's fma even where the CPU has the instruction.
  if (ask == "portable-libm") return &portableKernels;
#if (defined(__x86_64__) || defined(__i386__)) && !defined(GENENV_NO_X86_KERNELS)
  // For tests: the AVX-512 build's code paths on a CPU with AVX2+FMA (isa-avx512-layout.cc).
  __builtin_cpu_init();
  if (ask == "avx512-layout" && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
    return &avx512LayoutKernels;
#endif
  const auto tables = runnableKernels();
  const std::string order[] = {"avx512", "avx2", "portable"};
  bool allowed = ask.empty();
  for (const std::string& name : order) {
    allowed = allowed || name == ask;
    if (!allowed) continue;
    for (const Kernels* table : tables)
      if (name == table->name) return table;
  }
  return tables.back();
}

struct Failure {
  std::string message;
};

struct Arguments {
  napi_env env;
  napi_value values[16];
  size_t count = 16;

  Arguments(napi_env environment, napi_callback_info info) : env(environment) {
    napi_get_cb_info(env, info, &count, values, nullptr, nullptr);
  }

  napi_value at(size_t index) const {
    if (index >= count) throw Failure{"missing argument " + std::to_string(index)};
    return values[index];
  }

  template <typename T>
  T* typed(size_t index, napi_typedarray_type expected, int64_t needed, bool nullable = false) const {
    napi_valuetype kind;
    napi_typeof(env, at(index), &kind);
    if (nullable && (kind == napi_null || kind == napi_undefined)) return nullptr;
    bool isTyped = false;
    napi_is_typedarray(env, at(index), &isTyped);
    if (!isTyped) throw Failure{"argument " + std::to_string(index) + " is not a typed array"};
    napi_typedarray_type type;
    size_t length;
    void* data;
    napi_get_typedarray_info(env, at(index), &type, &length, &data, nullptr, nullptr);
    if (type != expected) throw Failure{"argument " + std::to_string(index) + " has the wrong element type"};
    if ((int64_t)length < needed)
      throw Failure{"argument " + std::to_string(index) + " holds " + std::to_string(length) + " elements, " +
                    std::to_string(needed) + " needed"};
    return static_cast<T*>(data);
  }
  float* f32(size_t index, int64_t needed, bool nullable = false) const {
    return typed<float>(index, napi_float32_array, needed, nullable);
  }
  int32_t* i32(size_t index, int64_t needed) const { return typed<int32_t>(index, napi_int32_array, needed); }
  double* f64(size_t index, int64_t needed) const { return typed<double>(index, napi_float64_array, needed); }
  uint8_t* u8(size_t index, int64_t needed, bool nullable = false) const {
    return typed<uint8_t>(index, napi_uint8_array, needed, nullable);
  }
  // Elements of the typed array at `index` (0 when it is not one: the typed accessors then give the error).
  int64_t elements(size_t index) const {
    napi_typedarray_type type;
    size_t length = 0;
    if (napi_get_typedarray_info(env, at(index), &type, &length, nullptr, nullptr, nullptr) != napi_ok) return 0;
    return (int64_t)length;
  }
  double number(size_t index) const {
    double value;
    if (napi_get_value_double(env, at(index), &value) != napi_ok)
      throw Failure{"argument " + std::to_string(index) + " is not a number"};
    return value;
  }
  int integer(size_t index) const {
    const double value = number(index);
    if (value < 0 || value > 1e9 || value != (int)value)
      throw Failure{"argument " + std::to_string(index) + " is not a size"};
    return (int)value;
  }
};

template <typename Body>
napi_value guarded(napi_env env, napi_callback_info info, Body body) {
  try {
    Arguments arguments(env, info);
    body(arguments);
  } catch (const Failure& failure) {
    napi_throw_range_error(env, nullptr, failure.message.c_str());
  }
  return nullptr;
}

// guarded for a function that returns a number: `body` gives it, and a failure throws instead.
template <typename Body>
napi_value guardedNumber(napi_env env, napi_callback_info info, Body body) {
  double number = 0;
  guarded(env, info, [&](const Arguments& a) { number = body(a); });
  bool pending = false;
  napi_is_exception_pending(env, &pending);
  if (pending) return nullptr;
  napi_value value;
  napi_create_double(env, number, &value);
  return value;
}

// matmul(a, b, out, rows, inner, columns, layout 0|1|2, accumulate 0|1)
napi_value Matmul(napi_env env, napi_callback_info info) {
  return guarded(env, info, [](const Arguments& a) {
    const int rows = a.integer(3), inner = a.integer(4), columns = a.integer(5);
    const int layout = a.integer(6);
    if (layout > 2) throw Failure{"unknown layout"};
    const int64_t sizeA = (int64_t)rows * inner, sizeB = (int64_t)inner * columns;
    chosen->matmul({a.f32(0, sizeA), a.f32(1, sizeB), a.f32(2, (int64_t)rows * columns), rows, inner, columns,
                    static_cast<Layout>(layout), a.integer(7) != 0});
  });
}

// rmsNormForward(x, gain, out, inverse, rows, width, epsilon)
napi_value RmsNormForward(napi_env env, napi_callback_info info) {
  return guarded(env, info, [](const Arguments& a) {
    const int rows = a.integer(4), width = a.integer(5);
    const int64_t size = (int64_t)rows * width;
    chosen->rmsNormForward(a.f32(0, size), a.f32(1, width), a.f32(2, size), a.f32(3, rows), rows, width,
                           (float)a.number(6));
  });
}

// rmsNormBackward(x, gain, inverse, dOut, dx, dGain, rows, width)
napi_value RmsNormBackward(napi_env env, napi_callback_info info) {
  return guarded(env, info, [](const Arguments& a) {
    const int rows = a.integer(6), width = a.integer(7);
    const int64_t size = (int64_t)rows * width;
    chosen->rmsNormBackward(a.f32(0, size), a.f32(1, width), a.f32(2, rows), a.f32(3, size), a.f32(4, size),
                            a.f32(5, width), rows, width);
  });
}

// Runs body(begin, end) over [0, count): whole where no other thread could share the work, else in chunks of `chunk`
// that the pool and any helping thread share (thread-pool.cc). For element-wise and row-wise kernels, whose every
// element or row comes out the same in any chunk: the same bits either way.
template <typename Body>
void inChunks(int64_t count, int64_t chunk, Body body) {
  const int parts = (int)((count + chunk - 1) / chunk);
  if (parts <= 1 || !poolCanShare()) return body(0, count);
  parallelFor(parts, [&](int part) {
    const int64_t begin = part * chunk;
    body(begin, std::min(count, begin + chunk));
  });
}

// Elements of an element-wise kernel's chunk (inChunks), and rows of a row-wise kernel's.
constexpr int64_t CHUNK_ELEMENTS = 1 << 15, CHUNK_ROWS = 64;

// swigluForward(gate, up, out, sigmoids | null, count)
napi_value SwigluForward(napi_env env, napi_callback_info info) {
  return guarded(env, info, [](const Arguments& a) {
    const int count = a.integer(4);
    const float *gate = a.f32(0, count), *up = a.f32(1, count);
    float *out = a.f32(2, count), *sigmoids = a.f32(3, count, true);
    inChunks(count, CHUNK_ELEMENTS, [&](int64_t begin, int64_t end) {
      chosen->swigluForward(gate + begin, up + begin, out + begin, sigmoids ? sigmoids + begin : nullptr,
                            end - begin);
    });
  });
}

// swigluBackward(gate, up, sigmoids, dOut, dGate, dUp, count)
napi_value SwigluBackward(napi_env env, napi_callback_info info) {
  return guarded(env, info, [](const Arguments& a) {
    const int count = a.integer(6);
    const float *gate = a.f32(0, count), *up = a.f32(1, count), *sigmoids = a.f32(2, count), *dOut = a.f32(3, count);
    float *dGate = a.f32(4, count), *dUp = a.f32(5, count);
    inChunks(count, CHUNK_ELEMENTS, [&](int64_t begin, int64_t end) {
      chosen->swigluBackward(gate + begin, up + begin, sigmoids + begin, dOut + begin, dGate + begin, dUp + begin,
                             end - begin);
    });
  });
}

// rotary(x, rows, width, headWidth, cos, sin, positions, direction, tablePositions)
napi_value Rotary(napi_env env, napi_callback_info info) {
  return guarded(env, info, [](const Arguments& a) {
    const int rows = a.integer(1), width = a.integer(2), headWidth = a.integer(3);
    const int tablePositions = a.integer(8);
    if (headWidth == 0 || headWidth % 2 != 0 || width % headWidth != 0) throw Failure{"bad head width"};
    const int32_t* positions = a.i32(6, rows);
    for (int row = 0; row < rows; row++)
      if (positions[row] < 0 || positions[row] >= tablePositions) throw Failure{"position outside the table"};
    const int64_t table = (int64_t)tablePositions * headWidth / 2;
    float* x = a.f32(0, (int64_t)rows * width);
    const float *cosines = a.f32(4, table), *sines = a.f32(5, table);
    const int direction = a.number(7) < 0 ? -1 : 1;
    inChunks(rows, CHUNK_ROWS, [&](int64_t begin, int64_t end) {
      chosen->rotary(x + begin * width, (int)(end - begin), width, headWidth, cosines, sines, positions + begin,
                     direction);
    });
  });
}

// logSoftmaxRows(values, rows, width, probabilities | null, entropies | null)
napi_value LogSoftmaxRows(napi_env env, napi_callback_info info) {
  return guarded(env, info, [](const Arguments& a) {
    const int rows = a.integer(1), width = a.integer(2);
    const int64_t size = (int64_t)rows * width;
    float *values = a.f32(0, size), *probabilities = a.f32(3, size, true), *entropies = a.f32(4, rows, true);
    inChunks(rows, CHUNK_ROWS, [&](int64_t begin, int64_t end) {
      chosen->logSoftmaxRows(values + begin * width, (int)(end - begin), width,
                             probabilities ? probabilities + begin * width : nullptr,
                             entropies ? entropies + begin : nullptr);
    });
  });
}

// logitGradients(logProbabilities, probabilities, entropies, gradLogprob, gradEntropy | null, targets, dLogits,
//                rows, vocab)
napi_value LogitGradients(napi_env env, napi_callback_info info) {
  return guarded(env, info, [](const Arguments& a) {
    const int rows = a.integer(7), vocab = a.integer(8);
    const int64_t size = (int64_t)rows * vocab;
    const int32_t* targets = a.i32(5, rows);
    for (int row = 0; row < rows; row++)
      if (targets[row] >= vocab) throw Failure{"target outside the vocabulary"};
    chosen->logitGradients(a.f32(0, size), a.f32(1, size), a.f32(2, rows), a.f32(3, rows), a.f32(4, rows, true),
                           targets, a.f32(6, size), rows, vocab);
  });
}

// attentionForward(q, k, v, out, probabilities, batch, length, heads, headWidth)
napi_value AttentionForward(napi_env env, napi_callback_info info) {
  return guarded(env, info, [](const Arguments& a) {
    const int batch = a.integer(5), length = a.integer(6), heads = a.integer(7), headWidth = a.integer(8);
    const int64_t size = (int64_t)batch * length * heads * headWidth;
    AttentionArgs args{a.f32(0, size), a.f32(1, size), a.f32(2, size), a.f32(3, size),
                       a.f32(4, (int64_t)batch * heads * length * length), nullptr, nullptr, nullptr, nullptr,
                       batch, length, heads, headWidth};
    chosen->attentionForward(args);
  });
}

// attentionBackward(q, k, v, probabilities, dOut, dq, dk, dv, batch, length, heads, headWidth)
napi_value AttentionBackward(napi_env env, napi_callback_info info) {
  return guarded(env, info, [](const Arguments& a) {
    const int batch = a.integer(8), length = a.integer(9), heads = a.integer(10), headWidth = a.integer(11);
    const int64_t size = (int64_t)batch * length * heads * headWidth;
    AttentionArgs args{a.f32(0, size), a.f32(1, size), a.f32(2, size), nullptr,
                       a.f32(3, (int64_t)batch * heads * length * length), a.f32(4, size), a.f32(5, size),
                       a.f32(6, size), a.f32(7, size), batch, length, heads, headWidth};
    chosen->attentionBackward(args);
  });
}

// cachedAttention(query, keys, values, attended, sequences, positions, cacheLength, heads, headWidth)
napi_value CachedAttention(napi_env env, napi_callback_info info) {
  return guarded(env, info, [](const Arguments& a) {
    const int cacheLength = a.integer(6), heads = a.integer(7), headWidth = a.integer(8);
    const size_t rows = (size_t)a.elements(4);
    const int64_t width = (int64_t)heads * headWidth;
    const int32_t* sequences = a.i32(4, rows);
    const int32_t* positions = a.i32(5, rows);
    int slots = 0;
    for (size_t row = 0; row < rows; row++) {
      if (positions[row] < 0 || positions[row] >= cacheLength || sequences[row] < 0)
        throw Failure{"cache position or slot out of range"};
      slots = std::max(slots, sequences[row] + 1);
    }
    const int64_t cache = (int64_t)slots * cacheLength * width;
    chosen->cachedAttention({a.f32(0, rows * width), a.f32(1, cache), a.f32(2, cache), a.f32(3, rows * width),
                             sequences, positions, (int)rows, cacheLength, heads, headWidth});
  });
}

// exponentials(source, offset, count, shift, divisor, mask | null, target) → Σ target: target[i] =
// Math.exp((source[offset + i] − shift) / divisor), 0 where mask[i] ≠ 1, bit for bit what JavaScript computes.
napi_value Exponentials(napi_env env, napi_callback_info info) {
  return guardedNumber(env, info, [](const Arguments& a) {
    const int offset = a.integer(1), count = a.integer(2);
    const float* source = a.f32(0, (int64_t)offset + count) + offset;
    return chosen->exponentials(source, count, a.number(3), a.number(4), a.u8(5, count, true), a.f64(6, count));
  });
}

// addInto(target, source, count): target[i] += source[i] in float.
napi_value AddInto(napi_env env, napi_callback_info info) {
  return guarded(env, info, [](const Arguments& a) {
    const int64_t count = a.integer(2);
    chosen->addInto(a.f32(0, count), a.f32(1, count), count);
  });
}

// helpUntil(flags Int32Array, index, value, idleSeconds) → 1 once flags[index] ≠ value, 0 once about `idleSeconds`
// pass with no task to take: the calling thread, which would otherwise sleep until another thread changes the flag,
// meanwhile takes tasks of the matrix products, attention and element-wise kernels other threads run
// (thread-pool.cc). Results do not depend on who runs a task.
napi_value HelpUntil(napi_env env, napi_callback_info info) {
  return guardedNumber(env, info, [](const Arguments& a) {
    const int index = a.integer(1);
    const int32_t* flags = a.i32(0, (int64_t)index + 1);
    const double value = a.number(2), seconds = a.number(3);
    if (value != (int32_t)value) throw Failure{"value must be a 32-bit integer"};
    if (!(seconds >= 0 && seconds <= 10)) throw Failure{"seconds must be in [0, 10]"};
    return helpUntil(flags + index, (int32_t)value, seconds) ? 1.0 : 0.0;
  });
}

// addRows(target, source, indices Int32Array, width): target's row indices[r] += source's row r (the build's addInto),
// r in order (a row named twice gets both sums in that order).
napi_value AddRows(napi_env env, napi_callback_info info) {
  return guarded(env, info, [](const Arguments& a) {
    const int64_t width = a.integer(3), rows = a.elements(2);
    const int32_t* indices = a.i32(2, rows);
    const float* source = a.f32(1, rows * width);
    const int64_t targetRows = width > 0 ? a.elements(0) / width : 0;
    float* target = a.f32(0, targetRows * width);
    for (int64_t row = 0; row < rows; row++)
      if (indices[row] < 0 || indices[row] >= targetRows)
        throw Failure{"row " + std::to_string(indices[row]) + " outside the target's " + std::to_string(targetRows)};
    for (int64_t row = 0; row < rows; row++)
      chosen->addInto(target + (int64_t)indices[row] * width, source + row * width, width);
  });
}

// A thread's scratch row of doubles for the copy head's loops (grown as needed, kept).
double* rowScratch(int count) {
  thread_local std::vector<double> scratch;
  if ((int)scratch.size() < count) scratch.resize(count);
  return scratch.data();
}

// rowEntropy(logDistribution, rowAt, vocab) → −Σ P·log P of the row (src/models/copy-head-rows.ts).
napi_value RowEntropy(napi_env env, napi_callback_info info) {
  return guardedNumber(env, info, [](const Arguments& a) {
    const int rowAt = a.integer(1), vocab = a.integer(2);
    const float* logs = a.f32(0, (int64_t)rowAt + vocab) + rowAt;
    return chosen->rowEntropy(logs, vocab, rowScratch(vocab));
  });
}

// copyGeneratorBackward(generatorLog, finalLog, rowAt, vocab, keep, gradEntropy, target, targetGradient, dLogits)
// → Σ e·S: the generator's part of the copy head's backward for one row (src/models/copy-head-rows.ts).
napi_value CopyGeneratorBackward(napi_env env, napi_callback_info info) {
  return guardedNumber(env, info, [](const Arguments& a) {
    const int rowAt = a.integer(2), vocab = a.integer(3);
    const int64_t end = (int64_t)rowAt + vocab;
    // A target outside the row matches no token, as in JavaScript.
    const double wanted = a.number(6);
    const int target = wanted >= 0 && wanted < vocab && wanted == (int)wanted ? (int)wanted : -1;
    return chosen->copyGeneratorBackward(a.f32(0, end) + rowAt, a.f32(1, end) + rowAt, vocab, a.number(4), a.number(5),
                                         target, a.number(7), rowScratch(vocab), a.f32(8, end) + rowAt);
  });
}

// pointerScores(queries, queryRow, keys, from, count, width, scale, weights, at) → the largest score: the copy head's
// pointer scores of one row (src/models/pointer-scores.ts).
napi_value PointerScores(napi_env env, napi_callback_info info) {
  return guardedNumber(env, info, [](const Arguments& a) {
    const int queryRow = a.integer(1), from = a.integer(3), count = a.integer(4), width = a.integer(5), at = a.integer(8);
    const float* queries = a.f32(0, ((int64_t)queryRow + 1) * width);
    const float* keys = a.f32(2, ((int64_t)from + count) * width);
    float* weights = a.f32(7, (int64_t)at + count);
    return chosen->pointerScores(queries + (int64_t)queryRow * width, keys + (int64_t)from * width, count, width,
                                 a.number(6), weights + at);
  });
}

// pointerScoresBackward(dScores, at, count, scale, queries, queryRow, keys, from, width, dQueries, dKeys): its
// backward for one row, into dQueries' row queryRow and dKeys' rows from … from + count − 1.
napi_value PointerScoresBackward(napi_env env, napi_callback_info info) {
  return guarded(env, info, [](const Arguments& a) {
    const int at = a.integer(1), count = a.integer(2), queryRow = a.integer(5), from = a.integer(7), width = a.integer(8);
    const int64_t queryAt = (int64_t)queryRow * width, keyAt = (int64_t)from * width;
    const float* dScores = a.f32(0, (int64_t)at + count);
    const float* queries = a.f32(4, queryAt + width);
    const float* keys = a.f32(6, keyAt + (int64_t)count * width);
    float* dQueries = a.f32(9, queryAt + width);
    float* dKeys = a.f32(10, keyAt + (int64_t)count * width);
    chosen->pointerScoresBackward(dScores + at, count, a.number(3), queries + queryAt, keys + keyAt, width,
                                  dQueries + queryAt, dKeys + keyAt);
  });
}

// setThreads(count) → the pool's size after the change
napi_value SetThreads(napi_env env, napi_callback_info info) {
  int threads = 0;
  guarded(env, info, [&](const Arguments& a) {
    setPoolThreads(std::min(64, std::max(1, a.integer(0))));
    threads = poolThreads();
  });
  napi_value result;
  napi_create_int32(env, threads, &result);
  return result;
}

napi_value Describe(napi_env env, napi_callback_info) {
  napi_value result, isa, threads, runnable;
  napi_create_object(env, &result);
  napi_create_string_utf8(env, chosen->name, NAPI_AUTO_LENGTH, &isa);
  napi_create_int32(env, poolThreads(), &threads);
  const auto tables = runnableKernels();
  napi_create_array_with_length(env, tables.size(), &runnable);
  for (size_t index = 0; index < tables.size(); index++) {
    napi_value name;
    napi_create_string_utf8(env, tables[index]->name, NAPI_AUTO_LENGTH, &name);
    napi_set_element(env, runnable, (uint32_t)index, name);
  }
  napi_set_named_property(env, result, "isa", isa);
  napi_set_named_property(env, result, "threads", threads);
  napi_set_named_property(env, result, "runnable", runnable);
  return result;
}

// measurePeak(threads, seconds, build 0|1) → GFLOP/s: the fp32 multiply-add ceiling of `threads` cores at once, each
// running, for about `seconds` and started together, the best build this CPU has (build 0: the machine's peak,
// whatever build is in use) or the build in use (1: the peak of its vector width, which a kernel forced to a
// narrower build than the CPU's cannot pass).
napi_value MeasurePeak(napi_env env, napi_callback_info info) {
  return guardedNumber(env, info, [](const Arguments& a) {
    const int threads = std::min(256, std::max(1, a.integer(0)));
    const double seconds = a.number(1);
    if (!(seconds > 0 && seconds <= 10)) throw Failure{"seconds must be in (0, 10]"};
    const int build = a.integer(2);
    if (build > 1) throw Failure{"build must be 0 (the best) or 1 (the one in use)"};
    const Kernels* best = build == 0 ? runnableKernels().front() : chosen;
    std::vector<double> rates(threads);
    std::atomic<int> ready{0};
    auto measure = [&](int index) {
      ready.fetch_add(1);
      while (ready.load() < threads) std::this_thread::yield();
      rates[index] = best->fmaPeak(seconds);
    };
    std::vector<std::thread> others;
    for (int index = 1; index < threads; index++) others.emplace_back(measure, index);
    measure(0);
    for (auto& other : others) other.join();
    double total = 0;
    for (double rate : rates) total += rate;
    return total / 1e9;
  });
}

// useIsa(name) → the instruction set now in use: the best one not above `name` that this CPU runs, for the
// whole process (tests compare the builds in one process; results are the same bits in each).
napi_value UseIsa(napi_env env, napi_callback_info info) {
  napi_value result = nullptr;
  guarded(env, info, [&](const Arguments& a) {
    size_t length = 0;
    char name[32];
    if (napi_get_value_string_utf8(env, a.at(0), name, sizeof name, &length) != napi_ok)
      throw Failure{"argument 0 is not a string"};
    chosen = pickKernels(name);
    napi_create_string_utf8(env, chosen->name, NAPI_AUTO_LENGTH, &result);
  });
  return result;
}

// adamStep(parameters, gradients, first, second, learningRate, beta1, beta2, epsilon, weightDecay, clipNorm,
//          correction1, correction2) → the gradient norm before clipping.
// The same arithmetic as src/models/adam.ts, in the same order and in double precision with every
// stored value rounded to float (without contraction into fused multiply-adds), so both give the same bits.
// The norm is summed in index order here; the update is element-wise (the chosen build's `adamUpdate`,
// vectorised), so splitting it over threads or lanes changes nothing.
napi_value AdamStep(napi_env env, napi_callback_info info) {
  return guardedNumber(env, info, [](const Arguments& a) {
    const int64_t size = a.elements(0);
    float* parameters = a.f32(0, size);
    const float* gradients = a.f32(1, size);
    float* first = a.f32(2, size);
    float* second = a.f32(3, size);
    const double learningRate = a.number(4), beta1 = a.number(5), beta2 = a.number(6), epsilon = a.number(7);
    const double weightDecay = a.number(8), clipNorm = a.number(9);
    const double correction1 = a.number(10), correction2 = a.number(11);
    double squares = 0;
    for (int64_t index = 0; index < size; index++) squares += (double)gradients[index] * (double)gradients[index];
    const double norm = std::sqrt(squares);
    const double clipScale = clipNorm > 0 && norm > clipNorm ? clipNorm / norm : 1;
    const AdamConstants constants{learningRate, beta1, beta2, epsilon, weightDecay, clipScale, correction1, correction2};
    constexpr int64_t chunk = 1 << 14;
    const int chunks = (int)((size + chunk - 1) / chunk);
    parallelFor(chunks, [&](int part) {
      const int64_t begin = part * chunk, end = std::min(size, begin + chunk);
      chosen->adamUpdate(parameters + begin, gradients + begin, first + begin, second + begin, end - begin, constants);
    });
    return norm;
  });
}

}  // namespace
}  // namespace genenv

NAPI_MODULE_INIT() {
  using namespace genenv;
  static std::once_flag once;
  std::call_once(once, [] {  // first load in this process: pick the instruction set, start the pool
    const char* wanted = std::getenv("GENENV_NATIVE_ISA");
    chosen = pickKernels(wanted ? wanted : "");
    const char* threadsWanted = std::getenv("GENENV_THREADS");
    // By default the pool takes the cores the JavaScript threads leave: a run keeps two of them busy in every phase
    // (the main thread with a training thread, or two sampling threads), and a pool worker spinning beside them on
    // a 2-core machine costs more than it gives (docs/design.md §8). At least one: the caller itself.
    const int cores = (int)std::thread::hardware_concurrency();
    const int threads = threadsWanted ? std::atoi(threadsWanted) : std::max(1, cores - 2);
    setPoolThreads(std::min(64, std::max(1, threads)));
  });
  const std::pair<const char*, napi_callback> functions[] = {
      {"matmul", Matmul},
      {"rmsNormForward", RmsNormForward},
      {"rmsNormBackward", RmsNormBackward},
      {"swigluForward", SwigluForward},
      {"swigluBackward", SwigluBackward},
      {"rotary", Rotary},
      {"logSoftmaxRows", LogSoftmaxRows},
      {"logitGradients", LogitGradients},
      {"attentionForward", AttentionForward},
      {"attentionBackward", AttentionBackward},
      {"cachedAttention", CachedAttention},
      {"exponentials", Exponentials},
      {"addInto", AddInto},
      {"addRows", AddRows},
      {"helpUntil", HelpUntil},
      {"rowEntropy", RowEntropy},
      {"copyGeneratorBackward", CopyGeneratorBackward},
      {"pointerScores", PointerScores},
      {"pointerScoresBackward", PointerScoresBackward},
      {"adamStep", AdamStep},
      {"setThreads", SetThreads},
      {"measurePeak", MeasurePeak},
      {"describe", Describe},
      {"useIsa", UseIsa},
  };
  for (const auto& [name, callback] : functions) {
    napi_value function;
    napi_create_function(env, name, NAPI_AUTO_LENGTH, callback, nullptr, &function);
    napi_set_named_property(env, exports, name, function);
  }
  return exports;
}
