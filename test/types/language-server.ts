/**
 * The repository's TypeScript (7, the Go port) as an editor runs it: its language server over stdio (`tsc --lsp
 * --stdio`), asked for the hover text an editor shows at a place in a file, in the project of the repository's
 * tsconfig.json.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

interface Message {
  id?: number;
  method?: string;
  result?: unknown;
  error?: { message: string };
}

/** The compiler's executable, found as the typescript package finds it for its own `tsc`. */
async function compilerExecutable(): Promise<string> {
  const packageFolder = dirname(createRequire(import.meta.url).resolve('typescript/package.json'));
  const { default: getExePath } = (await import(pathToFileURL(join(packageFolder, 'lib', 'getExePath.js')).href)) as {
    default: () => string;
  };
  return getExePath();
}

/** A language server of the repository at `root`; `close` ends it. */
export async function startLanguageServer(root: string) {
  const child: ChildProcessWithoutNullStreams = spawn(await compilerExecutable(), ['--lsp', '--stdio'], { cwd: root });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let buffer = Buffer.alloc(0);
  let nextId = 0;
  const send = (message: object) => {
    const text = JSON.stringify({ jsonrpc: '2.0', ...message });
    child.stdin.write(`Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
  };
  child.stdout.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, end).toString())?.[1]);
      if (buffer.length < end + 4 + length) return;
      const message = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString()) as Message;
      buffer = buffer.subarray(end + 4 + length);
      if (message.method !== undefined && message.id !== undefined) send({ id: message.id, result: null });
      else if (message.id !== undefined) {
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) waiting?.reject(new Error(message.error.message));
        else waiting?.resolve(message.result);
      }
    }
  });
  const request = (method: string, params: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      send({ id, method, params });
    });
  const capabilities = { textDocument: { hover: { contentFormat: ['markdown', 'plaintext'] } } };
  await request('initialize', { processId: process.pid, rootUri: pathToFileURL(root).href, capabilities });
  send({ method: 'initialized', params: {} });
  const opened = new Set<string>();

  return {
    /**
     * The hover text (Markdown: the declaration, then its doc comment) at the `occurrence`-th (0-based) `needle` in
     * `file`, or '' where there is none.
     */
    async hover(file: string, needle: string, occurrence = 0): Promise<string> {
      const text = readFileSync(file, 'utf8');
      const uri = pathToFileURL(file).href;
      if (!opened.has(uri)) {
        send({
          method: 'textDocument/didOpen',
          params: { textDocument: { uri, languageId: 'typescript', version: 1, text } },
        });
        opened.add(uri);
      }
      let at = -1;
      for (let count = 0; count <= occurrence; count++) at = text.indexOf(needle, at + 1);
      if (at < 0) throw new Error(`${needle} is not in ${file} ${occurrence + 1} times`);
      const before = text.slice(0, at);
      const position = { line: before.split('\n').length - 1, character: at - before.lastIndexOf('\n') - 1 };
      const result = (await request('textDocument/hover', { textDocument: { uri }, position })) as {
        contents?: { value?: string };
      } | null;
      return result?.contents?.value ?? '';
    },
    async close(): Promise<void> {
      await request('shutdown', null).catch(() => undefined);
      send({ method: 'exit' });
      child.stdin.end();
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
