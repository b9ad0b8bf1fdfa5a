/** Whether a benchmark's data is in the data folder: present (every file verified), missing, or corrupt. */
import { join } from 'node:path';
import { checkFile } from './file-check.ts';
import type { BenchmarkManifest } from './manifest.ts';

export interface DataStatus {
  name: string;
  /** The benchmark's folder. */
  folder: string;
  /** present: every file has its recorded size and SHA-256; missing: none is there; corrupt: anything else. */
  state: 'present' | 'missing' | 'corrupt';
  /** Files the manifest lists, and their total size in bytes. */
  files: number;
  bytes: number;
  /** For a corrupt folder: each file that is wrong or absent, as `path: reason`. */
  problems: string[];
}

/** The state of `<folder>/<name>/` against the benchmark's manifest, reading every file's SHA-256. */
export async function dataStatus(manifest: BenchmarkManifest, folder: string): Promise<DataStatus> {
  const benchmarkFolder = join(folder, manifest.name);
  const problems: string[] = [];
  let absent = 0;
  for (const file of manifest.files) {
    const state = await checkFile(join(benchmarkFolder, file.path), file);
    if (state.state === 'missing') {
      absent++;
      problems.push(`${file.path}: missing`);
    } else if (state.state === 'corrupt') problems.push(`${file.path}: ${state.reason}`);
  }
  return {
    name: manifest.name,
    folder: benchmarkFolder,
    state: problems.length === 0 ? 'present' : absent === manifest.files.length ? 'missing' : 'corrupt',
    files: manifest.files.length,
    bytes: manifest.files.reduce((total, file) => total + file.bytes, 0),
    problems: absent === manifest.files.length ? [] : problems,
  };
}
