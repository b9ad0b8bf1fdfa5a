// Worker bootstrap: registers tsx's ESM loader, then imports the TypeScript worker body (a .ts worker
// entry fails under tsx with ERR_UNKNOWN_FILE_EXTENSION).
import { register } from 'tsx/esm/api';

register();
await import('./training-worker-body.ts');
