import { loadNativeBackend } from '../../src/models/backend-native.ts';

/** The native backend as the tests load it, or why it is not there. */
export const native = loadNativeBackend();

/**
 * Every native build this CPU runs (best first, portable last), and on a CPU with AVX2 but not AVX-512 the AVX-512
 * build's layout with lane-by-lane fma as well: the builds a bit-for-bit test holds to its reference.
 */
export const nativeBuilds: string[] = native.ok
  ? [
      ...native.describe().runnable,
      ...(native.describe().runnable.includes('avx2') && !native.describe().runnable.includes('avx512')
        ? ['avx512-layout']
        : []),
    ]
  : [];

/** Runs `body` with the whole process switched to native build `build`, then switches back to the build it had. */
export function onNativeBuild(build: string, body: () => void): void {
  if (!native.ok) throw new Error(`no native backend: ${native.reason}`);
  const initial = native.describe().isa;
  try {
    const chosen = native.useIsa(build);
    if (chosen !== build) throw new Error(`asked for the ${build} build, got ${chosen}`);
    body();
  } finally {
    native.useIsa(initial);
  }
}
