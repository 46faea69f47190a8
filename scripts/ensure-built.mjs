// Builds what is missing or older than its sources: the SPA (apps/web/dist), the server bundle
// (apps/server/dist/*.mjs) and the migrated PGlite template. Used by `npm start` and the bench.
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}
const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);
const stale = (output, sources) =>
  Math.max(...sources.map((s) => newestMtime(join(root, s)))) > mtime(join(root, output));

export function ensureBuilt() {
  if (
    stale('apps/web/dist/index.html', [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/contract/src',
    ])
  ) {
    console.info('构建前端 (building the web app)…');
    execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
  }
  const serverSources = ['apps/server/src', 'packages/contract/src', 'apps/server/package.json'];
  if (stale('apps/server/dist/server.mjs', serverSources)) {
    console.info('构建服务端 (bundling the server)…');
    execFileSync(process.execPath, [join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' });
  }
  if (
    stale('apps/server/dist/pglite-template.tar', ['apps/server/drizzle', 'apps/server/dist/template.mjs'])
  ) {
    console.info('准备内置数据库模板 (preparing the embedded database template)…');
    execFileSync(process.execPath, [join(root, 'apps/server/dist/template.mjs')], {
      cwd: root,
      stdio: 'inherit',
    });
  }
}
