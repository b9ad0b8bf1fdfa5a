// The kernels built for one instruction set (flags in binding.gyp).
#define GENENV_VW 16
#define GENENV_MR 8
#define GENENV_ISA avx512
#define GENENV_TABLE avx512Kernels
#define GENENV_NAME "avx512"
#include "compute-impl.h"
