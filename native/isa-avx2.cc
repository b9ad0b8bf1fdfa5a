// The kernels built for one instruction set (flags in binding.gyp).
#define GENENV_VW 8
#define GENENV_MR 6
#define GENENV_ISA avx2
#define GENENV_TABLE avx2Kernels
#define GENENV_NAME "avx2"
#include "compute-impl.h"
