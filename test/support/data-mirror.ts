/**
 * A loopback HTTP server that serves a folder laid out as the data folder (`<root>/<name>/<path>`), for
 * `genenv data fetch --mirror`. It can serve other bytes for a file, cut a file off mid-body, fail the first
 * requests of a file with 503, or stall after the headers.
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, sep } from 'node:path';

export interface MirrorBehaviour {
  /** URL path (`/bfcl/x.json`) → the bytes served instead of the file's (same Content-Length as those bytes). */
  replace?: Record<string, Buffer>;
  /** URL path → bytes sent before the connection is destroyed (Content-Length still announces the whole file). */
  cutAfter?: Record<string, number>;
  /** URL path → how many of its first requests get a 503. */
  failFirst?: Record<string, number>;
  /** URL paths answered with headers and then nothing. */
  stall?: string[];
}

export interface DataMirror {
  /** The base URL to pass as --mirror. */
  url: string;
  /** URL paths requested, in order. */
  requests: string[];
  close: () => Promise<void>;
}

/** Serves `root` on 127.0.0.1 at a free port. */
export async function startDataMirror(root: string, behaviour: MirrorBehaviour = {}): Promise<DataMirror> {
  const requests: string[] = [];
  const failures = new Map(Object.entries(behaviour.failFirst ?? {}));
  const server: Server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://mirror').pathname;
    requests.push(path);
    const left = failures.get(path) ?? 0;
    if (left > 0) {
      failures.set(path, left - 1);
      response.writeHead(503).end('busy');
      return;
    }
    const segments = path.split('/').slice(1).map(decodeURIComponent);
    const file = join(root, ...segments);
    const info = await stat(file).catch(() => null);
    if (segments.some((segment) => segment === '..' || segment.includes(sep)) || !info?.isFile()) {
      response.writeHead(404).end('not found');
      return;
    }
    const body = behaviour.replace?.[path] ?? (await readFile(file));
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
    if (behaviour.stall?.includes(path)) {
      response.flushHeaders();
      return;
    }
    const cut = behaviour.cutAfter?.[path];
    if (cut === undefined) response.end(body);
    else response.write(body.subarray(0, cut), () => response.socket?.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
