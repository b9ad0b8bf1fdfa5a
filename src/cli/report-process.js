// Report process bootstrap: registers tsx's ESM loader, then imports the TypeScript body (run from sources; the
// compiled body is the entry itself).
import { register } from 'tsx/esm/api';

register();
await import('./report-process-body.ts');
