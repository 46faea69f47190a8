import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Readiness } from '@app/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { onPostgres } from '../helpers/test-database.ts';
import { parsePrometheusText, sampleValue } from './prometheus-text.ts';

const READY = '/api/v1/health/ready';

describe('GET /api/v1/health/ready', () => {
  const apps: TestApp[] = [];
  const app = async () => {
    const t = await createTestApp();
    apps.push(t);
    return t;
  };
  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close().catch(() => {});
  });

  it('200 when the database answers, every migration is applied and the instance serves', async () => {
    const t = await app();
    const res = await t.call<Readiness>({ method: 'GET', url: READY });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { ready: true, checks: { database: 'up', migrations: 'done', lifecycle: 'serving' } },
      message: 'ok',
    });
  });

  it('503 once draining, while everything else is still answered (and closes its connection)', async () => {
    const t = await app();
    t.app.readiness.drain();
    const res = await t.app.inject({ method: 'GET', url: READY });
    expect(res.statusCode).toBe(503);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      success: false,
      data: { ready: false, checks: { database: 'up', migrations: 'done', lifecycle: 'draining' } },
    });
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    expect(health.headers.connection).toBe('close');
    const products = await t.call({ method: 'GET', url: '/api/v1/product/list' });
    expect(products.status).toBe(200);
  });

  it('503 database down once the database is closed; liveness stays 200', async () => {
    const t = await app();
    await t.database.close();
    const res = await t.call<Readiness>({ method: 'GET', url: READY });
    expect(res.status).toBe(503);
    expect(res.body.data).toEqual({
      ready: false,
      checks: { database: 'down', migrations: 'unknown', lifecycle: 'serving' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    await t.app.close();
    apps.splice(apps.indexOf(t), 1);
  });

  it('503 migrations pending when the database lacks a migration this build ships', async () => {
    const t = await app();
    await t.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const res = await t.call<Readiness>({ method: 'GET', url: READY });
    expect(res.status).toBe(503);
    expect(res.body.data.checks).toEqual({ database: 'up', migrations: 'pending', lifecycle: 'serving' });
  });

  // Every connection held by an open transaction, as a stuck database holds them: PGlite has one,
  // the PostgreSQL pool DB_POOL_SIZE. The probe's `select 1` waits for a connection and times out.
  it('503 database timeout when the database does not answer within 2 s', async () => {
    const t = await app();
    const client = (t.database.db as unknown as { $client: unknown }).$client;
    const connections = client instanceof pg.Pool ? (client.options.max ?? 10) : 1;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = 0;
    const busy = Array.from({ length: connections }, () =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        holding++;
        await held;
      }),
    );
    try {
      while (holding < connections) await new Promise((r) => setTimeout(r, 10));
      const started = Date.now();
      const probe = t.call<Readiness>({ method: 'GET', url: READY });
      await new Promise((r) => setTimeout(r, 200));
      const metrics = parsePrometheusText((await t.app.inject({ method: 'GET', url: '/metrics' })).body);
      expect(sampleValue(metrics, 'db_pool_connections', { state: 'in_use' })).toBe(connections);
      expect(sampleValue(metrics, 'db_pool_waiting_clients')).toBe(onPostgres() ? 1 : 0);

      const res = await probe;
      expect(res.status).toBe(503);
      expect(res.body.data.checks.database).toBe('timeout');
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      release();
      await Promise.all(busy);
    }
    // Ready again as soon as the database answers.
    expect((await t.call({ method: 'GET', url: READY })).status).toBe(200);
  });
});

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}

/**
 * The real server in its own process (as `npm start` runs it) with DRAIN_MS and METRICS_PORT:
 * SIGTERM makes it not-ready at once, it keeps serving for DRAIN_MS, then it exits 0.
 */
describe('SIGTERM on the real server: drain, then close', () => {
  const DRAIN_MS = 2500;
  let child: ChildProcess | undefined;
  let output = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'ready-db-'));

  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 on /health/ready while still serving, ends its streams, and exits 0', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: base,
        METRICS_PORT: String(metricsPort),
        DRAIN_MS: String(DRAIN_MS),
        PGLITE_DIR: join(dataDir, 'pglite'),
        WEB_DIST_DIR: join(dataDir, 'no-web-build'),
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;

    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
      const ok = await fetch(`${base}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await fetch(`${base}${READY}`)).status).toBe(200);
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scraped.status).toBe(200);
    expect(parsePrometheusText(await scraped.text()).has('http_request_duration_seconds')).toBe(true);
    expect((await fetch(`${base}/metrics`)).status).toBe(404);

    // A login QR status stream stays open until the server ends it.
    const qr = (await (await fetch(`${base}/api/v1/user/qrcode?type=qr&code=`)).json()) as {
      data: { state: string };
    };
    const stream = await fetch(`${base}/api/v1/user/qrcode?state=${qr.data.state}&code=`, {
      headers: { accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(200);
    const streamEnded = stream.text().then(() => Date.now());

    const signalled = Date.now();
    child.kill('SIGTERM');
    let notReady: Response | undefined;
    while (!notReady && Date.now() - signalled < 2000) {
      const res = await fetch(`${base}${READY}`);
      if (res.status === 503) notReady = res;
      else await new Promise((r) => setTimeout(r, 50));
    }
    expect(notReady, 'not ready within 2 s of SIGTERM').toBeDefined();
    expect(((await notReady!.json()) as { data: Readiness }).data.checks.lifecycle).toBe('draining');

    // Draining: requests are still answered, the stream is still open.
    const health = await fetch(`${base}/api/v1/health`);
    expect(health.status).toBe(200);
    expect((await fetch(`${base}/api/v1/product/list`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(200);
    expect(child.exitCode).toBeNull();

    const [code, signal] = await exited;
    const exitedAt = Date.now();
    expect({ code, signal }, output).toEqual({ code: 0, signal: null });
    expect(exitedAt - signalled).toBeGreaterThanOrEqual(DRAIN_MS);
    // Ended by the server when it closed, after the drain.
    expect(await streamEnded).toBeGreaterThanOrEqual(signalled + DRAIN_MS - 100);
  }, 90_000);
});
