// `npm start`: builds what is missing or stale, then runs the server (SPA + /api/v1 on one port)
// in this same process, so signals reach it directly.
import { join } from 'node:path';
import { ensureBuilt, root } from './ensure-built.mjs';

ensureBuilt();
process.chdir(root);
await import(join(root, 'apps/server/dist/server.mjs'));
