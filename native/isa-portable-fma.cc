// The portable kernels again, for x86 CPUs that have FMA (picked in place of the plain portable build): the
// same source and vector width, the fused multiply-adds as instructions instead of calls into the C library
// (std::fma is exact either way, so both give the same bits; this one is several times faster).
#define GENENV_VW 4
#define GENENV_MR 4
#define GENENV_ISA portableFma
#define GENENV_TABLE portableFmaKernels
#define GENENV_NAME "portable"
#include "compute-impl.h"
