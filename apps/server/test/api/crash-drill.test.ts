import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import type { Order, Product } from '@app/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { createSessionService } from '../../src/modules/auth/session.service.ts';
import { creatorGenerations, creatorVariants, scripts } from '../../src/modules/creation/creation.tables.ts';
import { orders } from '../../src/modules/order/order.tables.ts';
import { personaAnalyses, personas } from '../../src/modules/persona/persona.tables.ts';
import { createUserRepository } from '../../src/modules/user/user.repository.ts';
import { createWalletRepository } from '../../src/modules/wallet/wallet.repository.ts';
import { createWalletService } from '../../src/modules/wallet/wallet.service.ts';
import { creditLedger } from '../../src/modules/wallet/wallet.tables.ts';
import { type FakeWechatPay, startFakeWechatPay } from '../helpers/fake-wechat-pay.ts';
import { createTestDatabase, onPostgres } from '../helpers/test-database.ts';
import { baseInput } from './creation-helpers.ts';
import { foodCreator } from './persona.fixtures.ts';

const serverRoot = resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

async function until<T>(what: string, check: () => Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The real server (src/server.ts via tsx) in a child process, as production starts it. */
async function startServer(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const base = `http://127.0.0.1:${env.PORT}`;
  try {
    await until(
      'the server to answer',
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
        return (await fetch(`${base}/api/v1/health`)).ok;
      },
      45_000,
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return {
    base,
    exited,
    output: () => output,
    async kill(signal: NodeJS.Signals) {
      child.kill(signal);
      return exited;
    },
  };
}

/**
 * Crash drill (PostgreSQL only): the real server is killed with SIGKILL while a script generation
 * and a persona analysis are running and while a WeChat Pay notification is being handled, then
 * restarted. Afterwards every credit charged is used or refunded exactly once, every paid order
 * credited exactly once, and nothing is left generating or analysing.
 */
describe.runIf(onPostgres())('crash drill: SIGKILL mid-work, restart, books balance', () => {
  let database: Database;
  let fake: FakeWechatPay;
  let env: Record<string, string>;
  const servers: Array<{ kill(signal: NodeJS.Signals): Promise<number | null> }> = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    fake = await startFakeWechatPay();
    const { connectionString } = (
      database.db as unknown as { $client: { options: { connectionString: string } } }
    ).$client.options;
    env = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      DATABASE_URL: connectionString,
      DB_POOL_SIZE: '5',
      LOGIN_MODE: 'dev',
      LLM_MODE: 'builtin',
      // Slow enough that a generation and an analysis are surely mid-way when the kill comes.
      LLM_PACE_MS: '150',
      SETTLEMENT_SWEEP_SEC: '0',
      WEB_DIST_DIR: resolve(serverRoot, 'no-web-build'),
      ...fake.env(),
    };
  }, 60_000);
  afterAll(async () => {
    for (const s of servers) await s.kill('SIGKILL').catch(() => {});
    await fake?.close();
    await database?.close();
  });

  it('refunds interrupted work once and credits every paid order once after a SIGKILL', async () => {
    const { db } = database;
    // A creator with 10 credits and a session, written straight into the database.
    const { user } = await createUserRepository().upsertByOpenid(db, {
      openid: `drill-${process.pid}`,
      nickname: '演练',
      avatar: '',
    });
    await createWalletService({ db, wallets: createWalletRepository() }).change({
      userId: user.id,
      delta: 10,
      reason: 'grant',
    });
    const token = await createSessionService({ db, sessionDays: 1 }).create(user.id);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    const first = await startServer(env);
    servers.push(first);
    const api = async <T>(base: string, path: string, body?: unknown) => {
      const res = await fetch(`${base}/api/v1${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as { data: T; message: string };
      expect(res.status, json.message).toBe(200);
      return json.data;
    };

    // (a) a script generation of two variants, running in the background.
    const generation = await api<{ id: string }>(first.base, '/creator/generate', {
      ...baseInput,
      variants: 2,
    });
    // (b) a persona analysis, streamed: the request stays open while the model writes.
    const analysing = fetch(`${first.base}/api/v1/persona/analyze`, {
      method: 'POST',
      headers: { ...headers, accept: 'text/event-stream' },
      body: JSON.stringify(foodCreator),
    })
      .then((res) => res.text())
      .catch(() => undefined);
    // (c) two orders paid in WeChat: one notification in flight at the kill, one not yet sent.
    const products = await api<Product[]>(first.base, '/product/list');
    const product = products[0]!;
    const inFlight = await api<Order>(first.base, '/order/create', { productId: product.id });
    const notYet = await api<Order>(first.base, '/order/create', { productId: product.id });
    await api(first.base, '/order/pay', { orderId: inFlight.id });
    await api(first.base, '/order/pay', { orderId: notYet.id });
    fake.pay(notYet.orderNo);
    const notification = fake.notification(inFlight.orderNo);
    const deliver = (base: string, n: { headers: Record<string, string>; body: string }) =>
      fetch(`${base}/api/v1/pay/wechat/notify`, { method: 'POST', headers: n.headers, body: n.body });

    // Both kinds of work are visibly mid-way: text written, lease held.
    await until('the generation to be writing', async () => {
      const rows = await db
        .select()
        .from(creatorVariants)
        .where(eq(creatorVariants.generationId, generation.id));
      return rows.some((v) => v.text.length > 0);
    });
    const analysis = await until('the analysis to be running', async () => {
      const [row] = await db.select().from(personaAnalyses).where(eq(personaAnalyses.userId, user.id));
      return row;
    });

    const delivery = deliver(first.base, notification).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 5));
    await first.kill('SIGKILL');
    servers.pop();
    await Promise.all([delivery, analysing]);

    const [stranded] = await db
      .select()
      .from(creatorGenerations)
      .where(eq(creatorGenerations.id, generation.id));
    expect(stranded?.status).toBe('generating');
    expect(
      (await db.select().from(personaAnalyses).where(eq(personaAnalyses.id, analysis.id)))[0]?.status,
    ).toBe('analysing');

    // What STALE_SEC (60 s) of silence does to a dead instance's leases, without waiting for it.
    await db.execute(
      sql`update creator_generations set heartbeat_at = now() - interval '10 minutes' where status = 'generating'`,
    );
    await db.execute(
      sql`update persona_analyses set heartbeat_at = now() - interval '10 minutes' where status = 'analysing'`,
    );

    const second = await startServer(env);
    servers.push(second);
    // WeChat Pay retries until it hears 204: both notifications, each delivered twice at once.
    const retries = await Promise.all([
      deliver(second.base, notification),
      deliver(second.base, notification),
      deliver(second.base, fake.notification(notYet.orderNo)),
      deliver(second.base, fake.notification(notYet.orderNo)),
    ]);
    expect(retries.map((r) => r.status)).toEqual([204, 204, 204, 204]);

    // The restart's sweep closed both leases.
    await until('the sweep at start', async () => {
      const [g] = await db.select().from(creatorGenerations).where(eq(creatorGenerations.id, generation.id));
      const [a] = await db.select().from(personaAnalyses).where(eq(personaAnalyses.id, analysis.id));
      return g?.status !== 'generating' && a?.status !== 'analysing';
    });

    // Nothing left running.
    const running = await db
      .select()
      .from(creatorGenerations)
      .where(eq(creatorGenerations.status, 'generating'));
    expect(running).toEqual([]);
    const stillAnalysing = await db
      .select()
      .from(personaAnalyses)
      .where(eq(personaAnalyses.status, 'analysing'));
    expect(stillAnalysing).toEqual([]);

    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
    const rowsOf = (refId: string, reason: string) =>
      ledger.filter((r) => r.refId === refId && r.reason === reason);

    // (a) Charged = used + refunded, the refund written once.
    const [g] = await db.select().from(creatorGenerations).where(eq(creatorGenerations.id, generation.id));
    const written = await db.select().from(scripts).where(eq(scripts.generationId, generation.id));
    expect(g!.charged).toBe(2);
    expect(g!.refunded + written.length).toBe(g!.charged);
    expect(rowsOf(generation.id, 'generation').map((r) => r.delta)).toEqual([-2]);
    expect(rowsOf(generation.id, 'refund').map((r) => r.delta)).toEqual(g!.refunded > 0 ? [g!.refunded] : []);

    // (b) The analysis wrote no persona and gave its credit back, once.
    const [a] = await db.select().from(personaAnalyses).where(eq(personaAnalyses.id, analysis.id));
    expect(a).toMatchObject({ status: 'failed', charged: 1, refunded: 1 });
    expect(await db.select().from(personas).where(eq(personas.id, analysis.id))).toEqual([]);
    expect(rowsOf(analysis.id, 'generation').map((r) => r.delta)).toEqual([-1]);
    expect(rowsOf(analysis.id, 'refund').map((r) => r.delta)).toEqual([1]);

    // (c) Both orders paid and credited exactly once.
    const paid = await db
      .select()
      .from(orders)
      .where(inArray(orders.id, [inFlight.id, notYet.id]));
    expect(paid.map((o) => o.status)).toEqual(['paid', 'paid']);
    for (const o of paid) expect(rowsOf(o.id, 'purchase').map((r) => r.delta)).toEqual([o.credits]);

    // Every charge anywhere is matched by use or one refund; the balance is its ledger.
    for (const charge of ledger.filter((r) => r.reason === 'generation')) {
      expect(rowsOf(charge.refId!, 'refund').length).toBeLessThanOrEqual(1);
    }
    const wallet = await api<{ balance: number }>(second.base, '/goods/wallet');
    const sum = ledger.reduce((s, r) => s + r.delta, 0);
    expect(wallet.balance).toBe(sum);
    expect(sum).toBe(10 - 2 + g!.refunded + paid.reduce((s, o) => s + o.credits, 0));

    expect(await second.kill('SIGTERM')).toBe(0);
    servers.pop();
  }, 90_000);
});
