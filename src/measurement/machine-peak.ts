import { readFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import type { PeakBuild } from '../models/backend-native.ts';
import { measureNativePeak, nativeBuilds } from '../models/kernels.ts';

/** An fp32 peak: estimated from what the CPU reports (`estimatePeak`) or measured (`measurePeak`). */
export interface PeakEstimate {
  /** The whole machine's fp32 peak, GFLOP/s. */
  gflops: number;
  /** Cores it counts (the peak of one core is gflops / cores). */
  cores: number;
  method: string;
}

/**
 * FLOPs per cycle per core for fp32 FMA: AVX-512 = 2 FMA units × 16 lanes × 2, AVX2+FMA = 2 × 8 × 2,
 * else SSE = 2 × 4 × 2 (lower bounds of common server cores).
 */
export function flopsPerCycle(flags: ReadonlySet<string>): { value: number; reason: string } {
  if (flags.has('avx512f')) return { value: 64, reason: 'AVX-512: 2 FMA units × 16 fp32 lanes × 2' };
  if (flags.has('avx2') && flags.has('fma')) return { value: 32, reason: 'AVX2+FMA: 2 FMA units × 8 fp32 lanes × 2' };
  return { value: 16, reason: 'SSE: 2 units × 4 fp32 lanes × 2' };
}

export function estimatePeak(): PeakEstimate {
  let flags = new Set<string>();
  let megahertz = cpus()[0]?.speed ?? 0;
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    flags = new Set(/^flags\s*:\s*(.*)$/m.exec(info)?.[1]?.split(/\s+/) ?? []);
    const reported = Number(/^cpu MHz\s*:\s*([\d.]+)$/m.exec(info)?.[1]);
    if (reported > 0) megahertz = reported;
  } catch {
    // Not Linux: keep os.cpus() speed and the SSE lower bound.
  }
  const cores = availableParallelism();
  const perCycle = flopsPerCycle(flags);
  const gigahertz = megahertz / 1000;
  return {
    gflops: cores * gigahertz * perCycle.value,
    cores,
    method:
      `${cores} cores × ${gigahertz.toFixed(2)} GHz × ${perCycle.value} FLOP/cycle (${perCycle.reason}); ` +
      'clock and flags from /proc/cpuinfo',
  };
}

/**
 * The fp32 peak the cores reach: every core at once running chains of fused multiply-adds in the best native build
 * (or, with `build` 'active', in the build in use: the ceiling of a kernel forced to a narrower vector width), the
 * best of `windows` windows of `seconds` each (on a shared machine other work only ever takes from a window, so
 * the best is the closest to what the cores can do, as the bench's other figures are). Above `estimatePeak` where
 * the cores run faster than the clock /proc/cpuinfo reports (boost). Null without the native addon.
 */
export function measurePeak(seconds: number, windows: number, build: PeakBuild = 'best'): PeakEstimate | null {
  const cores = availableParallelism();
  let gflops = 0;
  for (let window = 0; window < windows; window++) {
    const measured = measureNativePeak(cores, seconds, build);
    if (measured === null) return null;
    gflops = Math.max(gflops, measured);
  }
  return { gflops, cores, method: measuredPeakMethod(build, `${windows} windows of ${seconds} s`) };
}

/** How a measured peak was measured, for `PeakEstimate.method`: which build, and the best of which windows. */
export function measuredPeakMethod(build: PeakBuild, windows: string): string {
  const which =
    build === 'best' ? 'the best native build' : `the native build in use (${nativeBuilds()?.active ?? '?'})`;
  return `${availableParallelism()} cores at once running chained fused multiply-adds in ${which}, the best of ${windows}`;
}
