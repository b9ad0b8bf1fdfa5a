// The portable kernels again, for x86 CPUs that have FMA (picked in place of the plain portable build): the
// same source and vector width, the fused multiply-adds as instructions instead of calls into the C library
// (std::fma is exact either way, so both give the same bits; this one is several times faster).
#define GENENV_VW 4
// Six rows per matmul register tile: 12 accumulators of four lanes, enough independent chains to cover the FMA
// latency on two units (16 SSE registers: 12 + 2 rows of B + 1 broadcast), about 1.1× the speed of four rows.
#define GENENV_MR 6
#define GENENV_ISA portableFma
#define GENENV_TABLE portableFmaKernels
#define GENENV_NAME "portable"
#include "compute-impl.h"
