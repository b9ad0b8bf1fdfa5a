// `npm install` / `npm ci` step: compiles the native kernels (node-gyp, sources in native/). A failed build
// never fails the install: genenv then runs on its WebAssembly kernels. GENENV_NATIVE=skip skips the build;
// GENENV_NATIVE_FAIL=1 makes the compiler stop with an #error (to test that fallback).
const { spawnSync } = require('node:child_process');
const { existsSync, mkdirSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

const root = join(__dirname, '..');
const log = join(root, 'build', 'native-build.log');

if (process.env.GENENV_NATIVE === 'skip') {
  console.log('genenv: native kernels not built (GENENV_NATIVE=skip); the WebAssembly kernels will run');
  process.exit(0);
}
// Node's own headers (never downloaded): npm's configured nodedir, else the prefix this node runs from.
const prefix = dirname(dirname(process.execPath));
const nodeDirectory =
  process.env.npm_config_nodedir ?? (existsSync(join(prefix, 'include', 'node', 'node_api.h')) ? prefix : null);
if (!nodeDirectory) {
  console.log(`genenv: native kernels not built (no Node headers under ${prefix}/include/node); WebAssembly will run`);
  process.exit(0);
}
const nodeGyp = process.env.npm_config_node_gyp;
const command = nodeGyp ? process.execPath : 'node-gyp';
const args = [...(nodeGyp ? [nodeGyp] : []), 'rebuild', `--nodedir=${nodeDirectory}`, `--jobs=max`];
const started = Date.now();
const shell = !nodeGyp && process.platform === 'win32';
const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', shell });
mkdirSync(join(root, 'build'), { recursive: true });
writeFileSync(log, `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`);
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (result.status === 0) {
  console.log(`genenv: native kernels built in ${seconds} s (build/Release/genenv_native.node)`);
} else {
  console.log(`genenv: native kernels did not build (see ${log}); the WebAssembly kernels will run`);
}
process.exit(0);
