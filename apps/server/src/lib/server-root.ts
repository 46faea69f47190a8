import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/server, found from this file whether the code runs from src/ (tsx, tests) or from the
 * dist/ bundle (npm start). Data files (seed JSON, articles, migrations) are read through it, so
 * they are found the same way in both.
 */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(resolve(dir, 'drizzle/meta/_journal.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('apps/server not found above this file');
    dir = parent;
  }
  return dir;
}

export const serverRoot = findServerRoot();

export const serverPath = (...segments: string[]) => resolve(serverRoot, ...segments);
