// The kernels built for one instruction set (flags in binding.gyp).
#define GENENV_VW 4
#define GENENV_MR 6
#define GENENV_ISA portable
#define GENENV_TABLE portableKernels
#define GENENV_NAME "portable"
#include "compute-impl.h"
