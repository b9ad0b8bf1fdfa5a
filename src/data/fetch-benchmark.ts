/**
 * Fetches one benchmark's data into the data folder, all or nothing: files go to a temporary folder beside the
 * benchmark's and are moved in only once every file has its recorded size and SHA-256. Files already present and
 * verified are kept and not downloaded again.
 */
import { lstat, mkdir, mkdtemp, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { GenEnvError, messageLine } from '../interfaces/errors.ts';
import { processExists } from '../util/process-exists.ts';
import { derive } from './derivations.ts';
import { type DownloadOptions, download } from './download.ts';
import { checkFile, mismatch, sha256OfBytes } from './file-check.ts';
import { type BenchmarkManifest, type DataFile, urlPath } from './manifest.ts';

/** Where the fetch stands: files and bytes of the downloads this fetch makes. */
export interface FetchProgress {
  benchmark: string;
  file: string;
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
  bytesTotal: number;
}

export interface FetchOptions {
  /** The data folder; the benchmark's files go to `<folder>/<name>/`. */
  folder: string;
  /** A base URL laid out as the data folder: files are read from `<mirror>/<name>/<path>` instead of upstream. */
  mirror?: string;
  download?: Omit<DownloadOptions, 'onBytes'>;
  onProgress?: (progress: FetchProgress) => void;
}

export interface FetchResult {
  name: string;
  /** The benchmark's folder. */
  folder: string;
  files: number;
  /** Files downloaded now (the others were present and verified). */
  downloaded: number;
  /** Bytes downloaded now. */
  bytes: number;
}

const PARTIAL = '.partial-';

/** Removes temporary folders of this benchmark left by fetches whose process is gone (killed mid-download). */
async function removeAbandoned(folder: string, name: string): Promise<void> {
  const prefix = `.${name}${PARTIAL}`;
  for (const entry of await readdir(folder)) {
    const pid = Number(/^(\d+)-/.exec(entry.slice(prefix.length))?.[1]);
    if (entry.startsWith(prefix) && Number.isInteger(pid) && !processExists(pid))
      await rm(join(folder, entry), { recursive: true, force: true });
  }
}

/** After a failed fetch: removes the folders it created (`folder` up to `created`) while they are empty. */
async function removeEmptyFolders(folder: string, created: string | undefined): Promise<void> {
  if (created === undefined) return;
  for (let path = folder; ; path = dirname(path)) {
    const removed = await rmdir(path).then(
      () => true,
      () => false,
    );
    if (!removed || path === created) return;
  }
}

/** Where one file is read from: the mirror's copy, or upstream (its source file when it is derived). */
function sourceUrl(manifest: BenchmarkManifest, file: DataFile, mirror: string | undefined): string {
  if (mirror === undefined) return file.upstream.url;
  return `${mirror.replace(/\/+$/, '')}/${urlPath(manifest.name)}/${urlPath(file.path)}`;
}

/** Writes one verified file at `destination`; throws with the one-line reason otherwise. */
async function fetchFile(
  url: string,
  file: DataFile,
  fromMirror: boolean,
  destination: string,
  options: DownloadOptions,
): Promise<number> {
  await mkdir(dirname(destination), { recursive: true });
  const derivation = fromMirror ? undefined : file.upstream.derivation;
  if (derivation === undefined) {
    const received = await download(url, destination, file.bytes, options);
    const reason = mismatch(file, received);
    if (reason) throw new GenEnvError('benchmark', reason);
    return received.bytes;
  }
  const upstreamCopy = `${destination}.upstream`;
  const upstreamName = basename(new URL(url).pathname);
  const received = await download(url, upstreamCopy, file.upstream.bytes, options);
  const upstreamReason = mismatch(file.upstream, received);
  if (upstreamReason) throw new GenEnvError('benchmark', `upstream ${upstreamName}: ${upstreamReason}`);
  const made = derive(derivation, await readFile(upstreamCopy), upstreamName);
  await rm(upstreamCopy);
  const reason = mismatch(file, { bytes: made.length, sha256: sha256OfBytes(made) });
  if (reason) throw new GenEnvError('benchmark', `made from ${upstreamName}: ${reason}`);
  await writeFile(destination, made);
  return received.bytes;
}

/** Moves the verified files from the temporary folder into the benchmark's folder. */
async function moveIn(temporary: string, target: string, files: readonly DataFile[]): Promise<void> {
  for (const file of files) {
    const destination = join(target, file.path);
    await mkdir(dirname(destination), { recursive: true });
    // A folder where the file belongs cannot be renamed over.
    const existing = await lstat(destination).catch(() => null);
    if (existing && !existing.isFile()) await rm(destination, { recursive: true, force: true });
    await rename(join(temporary, file.path), destination);
  }
}

/**
 * Makes `<folder>/<name>/` hold every file of the manifest, verified. On any failure the benchmark's folder is left
 * as it was and the error is one line naming the file: `bfcl: data/x.json: SHA-256 mismatch (expected …, got …)`.
 */
export async function fetchBenchmark(manifest: BenchmarkManifest, options: FetchOptions): Promise<FetchResult> {
  const target = join(options.folder, manifest.name);
  const needed: DataFile[] = [];
  for (const file of manifest.files)
    if ((await checkFile(join(target, file.path), file)).state !== 'verified') needed.push(file);
  const result = { name: manifest.name, folder: target, files: manifest.files.length, downloaded: 0, bytes: 0 };
  if (needed.length === 0) return result;

  const fromMirror = options.mirror !== undefined;
  const sizeOf = (file: DataFile) => (fromMirror || !file.upstream.derivation ? file.bytes : file.upstream.bytes);
  const progress: FetchProgress = {
    benchmark: manifest.name,
    file: '',
    filesDone: 0,
    filesTotal: needed.length,
    bytesDone: 0,
    bytesTotal: needed.reduce((total, file) => total + sizeOf(file), 0),
  };
  let temporary: string;
  let created: string | undefined;
  try {
    created = await mkdir(options.folder, { recursive: true });
    await removeAbandoned(options.folder, manifest.name);
    temporary = await mkdtemp(join(options.folder, `.${manifest.name}${PARTIAL}${process.pid}-`));
  } catch (error) {
    throw new GenEnvError('benchmark', `${manifest.name}: cannot write in ${options.folder}: ${messageLine(error)}`, {
      cause: error,
    });
  }
  try {
    for (const file of needed) {
      const before = progress.bytesDone;
      progress.file = file.path;
      options.onProgress?.({ ...progress });
      const onBytes = (bytes: number) => options.onProgress?.({ ...progress, bytesDone: before + bytes });
      try {
        const url = sourceUrl(manifest, file, options.mirror);
        result.bytes += await fetchFile(url, file, fromMirror, join(temporary, file.path), {
          ...options.download,
          onBytes,
        });
      } catch (error) {
        throw new GenEnvError('benchmark', `${manifest.name}: ${file.path}: ${messageLine(error)}`, { cause: error });
      }
      progress.filesDone++;
      progress.bytesDone = before + sizeOf(file);
      options.onProgress?.({ ...progress });
    }
    try {
      await moveIn(temporary, target, needed);
    } catch (error) {
      throw new GenEnvError('benchmark', `${manifest.name}: cannot write in ${target}: ${messageLine(error)}`, {
        cause: error,
      });
    }
    result.downloaded = needed.length;
    return result;
  } finally {
    await rm(temporary, { recursive: true, force: true });
    if (result.downloaded === 0) await removeEmptyFolders(options.folder, created);
  }
}
