// Worker bootstrap: a .ts entry cannot be a worker under tsx directly (ERR_UNKNOWN_FILE_EXTENSION),
// so this plain-JS file registers tsx's ESM loader and then imports the TypeScript worker body.
import { register } from 'tsx/esm/api';

register();
await import('./update-worker-body.ts');
