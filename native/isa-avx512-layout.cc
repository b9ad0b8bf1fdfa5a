// For tests on any x86 CPU: the AVX-512 build's layout (sixteen-lane vectors, 8 × 32 matmul tiles, its register
// paths in attention) with every fused multiply-add done lane by lane by std::fma instead of _mm512_fmadd_ps, which
// computes the same exact fma per lane. Where the CPU lacks AVX-512 this is how the suite checks that build's code
// paths against portable (useIsa("avx512-layout")); it is never picked to run.
#define GENENV_VW 16
#define GENENV_MR 8
#define GENENV_ISA avx512Layout
#define GENENV_TABLE avx512LayoutKernels
#define GENENV_NAME "avx512-layout"
#define GENENV_LANEWISE_FMA
#include "compute-impl.h"
