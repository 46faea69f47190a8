import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { creatorGenerations, creatorVariants } from '../../src/modules/creation/creation.tables.ts';
import { fakeOpenAI } from '../helpers/fake-openai.ts';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { createTestDatabase, onPostgres, openSecondInstance } from '../helpers/test-database.ts';
import {
  grant,
  readStreamUntil,
  readWholeStream,
  type StreamEvent,
  startGeneration,
  textsOf,
  waitFinished,
  waitFor,
} from './creation-helpers.ts';

const validScript = JSON.stringify({
  title: '三分钟早餐的真相',
  hook: '你每天省下的十分钟，其实都花在了这里。',
  scenes: [
    { shot: '近景', visual: '闹钟响起，人物一把按掉', line: '早上多睡十分钟，早餐就没了？', durationSec: 5 },
    { shot: '中景', visual: '厨房台面，三样食材一字排开', line: '其实只要三样东西。', durationSec: 25 },
    { shot: '特写', visual: '煎蛋出锅', line: '三分钟，热乎的早餐就好了。', durationSec: 25 },
    { shot: '近景', visual: '人物对镜头', line: '关注我，明天教你第二种。', durationSec: 5 },
  ],
  twist: null,
  cta: '关注我，明天教你第二种。',
  tags: ['早餐', '上班族'],
  coverText: '三分钟早餐',
});

async function ledgerOf(t: TestApp, user: TestUser) {
  return (await t.app.container.wallet.listLedger(user.id, 1, 50)).items;
}

describe('failures refund', () => {
  it('a generation whose model answers garbage fails and gives every credit back', async () => {
    const llm = await fakeOpenAI(() => ({ text: '好的，下面是脚本：这不是 JSON' }));
    const t = await createTestApp({ LLM_MODE: 'openai', LLM_BASE_URL: llm.baseURL, LLM_MODEL: 'fake' });
    try {
      const user = await t.signIn();
      await grant(t, user, 5);
      const id = await startGeneration(t, user, { variants: 2 });
      expect(await t.app.container.wallet.balance(user.id)).toBe(3);
      const events = (await readWholeStream(t, user, id)) as StreamEvent[];
      const last = events.at(-1);
      expect(last?.event).toBe('error');
      expect(last?.data).toMatchObject({ refunded: 2 });
      expect(last?.data.message).toMatch(/已退还 2 点/);
      expect(events.filter((e) => e.event === 'error' && e.data.variant !== undefined)).toHaveLength(2);

      const generation = await waitFinished(t, user, id);
      expect(generation).toMatchObject({ status: 'failed', charged: 2, refunded: 2, scripts: [] });
      expect(await t.app.container.wallet.balance(user.id)).toBe(5);
      const ledger = await ledgerOf(t, user);
      expect(ledger.filter((r) => r.refId === id).map((r) => [r.reason, r.delta])).toEqual(
        expect.arrayContaining([
          ['generation', -2],
          ['refund', 2],
        ]),
      );
      expect(llm.requests).toHaveLength(4); // each variant: one answer and one repair attempt
    } finally {
      await t.close();
      await llm.close();
    }
  }, 90_000);

  it('keeps the variant that worked and refunds the one that failed', async () => {
    const llm = await fakeOpenAI((call) => ({ text: call === 1 ? validScript : '不是 JSON' }));
    const t = await createTestApp({ LLM_MODE: 'openai', LLM_BASE_URL: llm.baseURL, LLM_MODEL: 'fake' });
    try {
      const user = await t.signIn();
      await grant(t, user, 5);
      const id = await startGeneration(t, user, { variants: 2 });
      const events = (await readWholeStream(t, user, id)) as StreamEvent[];
      expect(events.at(-1)).toMatchObject({ event: 'done', data: { refunded: 1 } });
      const generation = await waitFinished(t, user, id);
      expect(generation).toMatchObject({ status: 'done', refunded: 1 });
      expect(generation.error).toMatch(/1 个版本生成失败/);
      expect(generation.scripts).toHaveLength(1);
      expect(generation.scripts[0]?.title).toBe('三分钟早餐的真相');
      expect(generation.variants.map((v) => v.status).sort()).toEqual(['done', 'failed']);
      expect(await t.app.container.wallet.balance(user.id)).toBe(4);
    } finally {
      await t.close();
      await llm.close();
    }
  }, 90_000);
});

describe('a server that stops in the middle of a generation', () => {
  let llm: Awaited<ReturnType<typeof fakeOpenAI>>;
  const env = () => ({
    LLM_MODE: 'openai',
    LLM_BASE_URL: llm.baseURL,
    LLM_MODEL: 'fake',
    LLM_TIMEOUT_MS: '600000',
  });
  beforeAll(async () => {
    llm = await fakeOpenAI(() => ({ stall: '{"title": "正在写' }));
  });
  afterAll(() => llm.close());

  it('at the next start, fails and refunds generations a dead instance left running, once', async () => {
    const database: Database = await createTestDatabase();
    const crashed = await createTestApp(env(), { database });
    const user = await crashed.signIn();
    await grant(crashed, user, 5);
    const id = await startGeneration(crashed, user, { variants: 2 });
    await waitFor(async () => {
      const [row] = await database.db
        .select()
        .from(creatorVariants)
        .where(eq(creatorVariants.generationId, id));
      return row !== undefined;
    });
    // What a killed process leaves behind: the row still running, its heartbeat stopped.
    await database.db
      .update(creatorGenerations)
      .set({ runnerId: 'killed-instance', heartbeatAt: sql`now() - interval '5 minutes'` })
      .where(eq(creatorGenerations.id, id));
    // A generation of a live instance (fresh heartbeat) must survive the other's start.
    const live = await startGeneration(crashed, user, { variants: 1 });
    expect(await crashed.app.container.wallet.balance(user.id)).toBe(2);

    const restarted = await createTestApp(env(), { database });
    try {
      const [row] = await database.db.select().from(creatorGenerations).where(eq(creatorGenerations.id, id));
      expect(row).toMatchObject({ status: 'failed', refunded: 2 });
      expect(row?.error).toMatch(/中断/);
      const [liveRow] = await database.db
        .select()
        .from(creatorGenerations)
        .where(eq(creatorGenerations.id, live));
      expect(liveRow?.status).toBe('generating');
      expect(await restarted.app.container.wallet.balance(user.id)).toBe(4);

      // A stream opened now (on the new instance) ends with the error at once.
      const events = (await readWholeStream(restarted, user, id)) as StreamEvent[];
      expect(events.at(-1)).toMatchObject({ event: 'error', data: { refunded: 2 } });

      // The old runner, stopping later, must not close or refund it a second time.
      await crashed.close();
      const ledger = await ledgerOf(restarted, user);
      expect(ledger.filter((r) => r.refId === id && r.reason === 'refund')).toHaveLength(1);
      expect(await restarted.app.container.wallet.balance(user.id)).toBe(5);
      expect(await restarted.app.container.wallet.ledgerSum(user.id)).toBe(5);
    } finally {
      await restarted.close();
      await database.close();
    }
  }, 90_000);

  it('at a graceful stop, fails and refunds its own running generations before the database closes', async () => {
    const database: Database = await createTestDatabase();
    const t = await createTestApp(env(), { database });
    const user = await t.signIn();
    await grant(t, user, 3);
    const id = await startGeneration(t, user, { variants: 2 });
    await t.close();
    try {
      const [row] = await database.db.select().from(creatorGenerations).where(eq(creatorGenerations.id, id));
      expect(row).toMatchObject({ status: 'failed', refunded: 2 });
      expect(row?.error).toMatch(/重启/);
      const after = await createTestApp({}, { database });
      expect(await after.app.container.wallet.balance(user.id)).toBe(3);
      await after.close();
    } finally {
      await database.close();
    }
  }, 90_000);
});

describe('stream consumers that come and go', () => {
  let t: TestApp;
  let user: TestUser;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ LLM_PACE_MS: '10' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    user = await t.signIn();
    await grant(t, user, 10);
  });
  afterAll(() => t.close());

  it('a consumer that drops mid-stream and reconnects ends with the full text', async () => {
    const id = await startGeneration(t, user, {
      variants: 2,
      durationSec: 300,
      templateId: 'kepu',
      twist: 'strong',
    });
    const first = await readStreamUntil(baseUrl, user.token, id, (events) => events.length >= 6);
    expect(first.some((e) => e.event === 'done')).toBe(false);
    const seen = textsOf(first);

    const second = await readStreamUntil(baseUrl, user.token, id);
    expect(second.at(-1)?.event).toBe('done');
    // The reconnect starts again from what is stored: offset 0, at least what was seen before.
    const firstDeltas = [0, 1].map((v) => second.find((e) => e.event === 'delta' && e.data.variant === v));
    for (const [v, delta] of firstDeltas.entries()) {
      expect(delta?.data.offset).toBe(0);
      expect(String(delta?.data.text).startsWith(seen[v] ?? '')).toBe(true);
    }
    // More arrived live after the stored part: the splice was exercised.
    expect(second.filter((e) => e.event === 'delta').length).toBeGreaterThan(2);

    const texts = textsOf(second);
    const rows = await t.database.db
      .select()
      .from(creatorVariants)
      .where(eq(creatorVariants.generationId, id));
    expect(texts).toEqual(rows.sort((a, b) => a.idx - b.idx).map((r) => r.text));
    const late = (await readWholeStream(t, user, id)) as StreamEvent[];
    expect(textsOf(late)).toEqual(texts);
  }, 90_000);

  it('two consumers at once see the same text', async () => {
    const id = await startGeneration(t, user, { variants: 1, durationSec: 120 });
    const [a, b] = await Promise.all([
      readStreamUntil(baseUrl, user.token, id),
      (async () => {
        await new Promise((r) => setTimeout(r, 150));
        return readStreamUntil(baseUrl, user.token, id);
      })(),
    ]);
    expect(textsOf(a)).toEqual(textsOf(b));
    expect(a.at(-1)?.event).toBe('done');
    expect(b.at(-1)?.event).toBe('done');
  }, 90_000);
});

describe.runIf(onPostgres())('progress across instances (PostgreSQL LISTEN/NOTIFY)', () => {
  it('a stream on instance B follows a generation running on instance A', async () => {
    const database = await createTestDatabase();
    const second = await openSecondInstance(database);
    const a = await createTestApp({ LLM_PACE_MS: '10' }, { database });
    const b = await createTestApp({}, { database: second });
    try {
      const user = await a.signIn();
      await grant(a, user, 5);
      const id = await startGeneration(a, user, { variants: 2, durationSec: 180 });
      const events = (await readWholeStream(b, user, id)) as StreamEvent[];
      expect(events.at(-1)?.event).toBe('done');
      // Live pieces came through NOTIFY, not only one stored delta per variant.
      expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(4);
      const rows = await second.db.select().from(creatorVariants).where(eq(creatorVariants.generationId, id));
      expect(textsOf(events)).toEqual(rows.sort((x, y) => x.idx - y.idx).map((r) => r.text));
      expect(events.filter((e) => e.event === 'script')).toHaveLength(2);
    } finally {
      await b.close();
      await a.close();
      await second.close();
      await database.close();
    }
  }, 90_000);
});
