// Starts the real server as its own process, the way `npm start` runs it, and times its start.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export const tempDir = (prefix) => mkdtempSync(join(tmpdir(), prefix));

/** Spawns a node script and resolves once `${url}${readyPath}` answers 200. */
export async function startProcess({ args, env, readyPath = '/api/v1/health', port }) {
  const url = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}${readyPath}`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${args.join(' ')} did not start within 60 s`);
    await new Promise((r) => setTimeout(r, 10));
  }
  const startMs = performance.now() - startedAt;
  return {
    url,
    pid: child.pid,
    startMs,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Our server on PGlite (a data dir) or on PostgreSQL (DATABASE_URL), with the offline providers. */
export async function startApp({ dataDir, databaseUrl, env = {} } = {}) {
  const port = await freePort();
  return startProcess({
    port,
    args: ['apps/server/dist/server.mjs'],
    env: {
      NODE_ENV: 'production',
      ALLOW_DEV_PROVIDERS: '1',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOGIN_RATE_PER_MIN: '100000',
      // Creating ten thousand QR states takes a while: none may expire before it is scanned.
      QR_EXPIRE_SEC: '1800',
      // Every load client comes from 127.0.0.1: the per-address stream cap would stop them.
      STREAM_MAX_PER_IP: '100000',
      STREAM_MAX_PER_USER: '100000',
      GENERATION_RATE_PER_MIN: '100000',
      GENERATION_CONCURRENCY_PER_USER: '1000',
      SIGNUP_CREDITS: '100000',
      LLM_PACE_MS: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { PGLITE_DIR: dataDir }),
      ...env,
    },
  });
}

export function rssKb(pid) {
  return import('node:fs').then(({ readFileSync }) => {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  });
}

export const removeDir = (dir) => rmSync(dir, { recursive: true, force: true });
