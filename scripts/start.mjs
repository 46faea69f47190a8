// `npm start`: builds the SPA when its build is missing or older than its sources, then runs the
// server (SPA + /api/v1 on one port) in this same process, so signals reach it directly.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = join(root, 'apps/web');
const builtIndex = join(web, 'dist/index.html');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const sources = ['src', 'public', 'index.html', 'vite.config.ts'].map((p) => join(web, p));
const needsBuild =
  !existsSync(builtIndex) ||
  Math.max(...sources.filter(existsSync).map(newestMtime)) > statSync(builtIndex).mtimeMs;
if (needsBuild) {
  console.info('构建前端 (building the web app)…');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}

process.chdir(root);
const { register } = await import('tsx/esm/api');
register();
await import(join(root, 'apps/server/src/server.ts'));
