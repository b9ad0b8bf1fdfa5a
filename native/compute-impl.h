// The kernels, written once with GCC vector extensions and compiled per instruction set: the including
// file defines GENENV_VW (fp32 lanes of a vector), GENENV_MR (rows of a matmul register tile),
// GENENV_ISA (a namespace), GENENV_TABLE and GENENV_NAME, and is built with the matching -m flags.
//
// Every build gives the same bits (a run must not depend on the machine it ran on):
// - each output element is computed by one task in a fixed order, so results do not depend on threads;
// - every multiply-add that feeds an accumulation is an explicit fused one (fmadd, kernel-vectors.h) and the
//   rest are separate multiplies and adds: binding.gyp compiles with -ffp-contract=off, so the compiler fuses
//   nothing;
// - every reduction runs over LANES = 16 logical lanes (one AVX-512 register, two AVX2 registers, four
//   portable ones), lane i taking elements i, i + 16, …, then one fixed tree; tails run in index order;
// - exp and log are the polynomials of kernel-vectors.h, never the C library's; `exponentials`, which replaces a
//   JavaScript loop, computes Math.exp's own algorithm (script-exp.h) in double precision.
//
// The kernels themselves are in the kernel-*.h files below, one concept each.
#include <algorithm>
#include <chrono>
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

#include "kernel-vectors.h"
#include "kernel-matmul.h"
#include "kernel-rows.h"
#include "kernel-copy-head.h"
#include "kernel-adam.h"
#include "kernel-attention.h"

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
    GENENV_ISA::fmaPeak,
};

}  // namespace genenv
