import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personas } from '../../src/modules/persona/persona.tables.ts';
import { internalMembers } from '../../src/modules/staff/staff.tables.ts';
import { INSUFFICIENT_CREDITS_MESSAGE } from '../../src/modules/wallet/wallet.service.ts';
import { creditLedger } from '../../src/modules/wallet/wallet.tables.ts';
import { fakeOpenAI } from '../helpers/fake-openai.ts';
import { parseSse } from '../helpers/parse-sse.ts';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { onPostgres } from '../helpers/test-database.ts';

const input = {
  platform: 'kuaishou',
  accountName: '老周修车',
  niche: '汽车',
  recentTitles: ['十年老师傅教你听异响'],
  goal: '做本地门店引流',
};

async function ledgerRows(t: TestApp, userId: string) {
  return t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
}
async function personaRows(t: TestApp, userId: string) {
  return t.database.db.select().from(personas).where(eq(personas.userId, userId));
}
async function expectLedgerMatchesBalance(t: TestApp, userId: string) {
  const { wallet } = t.app.container;
  expect(await wallet.ledgerSum(userId)).toBe(await wallet.balance(userId));
}

/** An OpenAI-compatible endpoint that fails every call: with a 500, or with a text that is not JSON. */
const startBrokenLlm = (mode: 'error500' | 'garbage') =>
  fakeOpenAI(() => (mode === 'error500' ? { status: 500 } : { text: '抱歉，我无法完成这个请求。{not json' }));

describe('credits: charging generations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ GENERATION_RATE_PER_MIN: '1000' });
  });
  afterAll(() => t.close());

  const analyze = (user: TestUser) =>
    t.call({ method: 'POST', url: '/api/v1/persona/analyze', token: user.token, payload: input });

  it('gives 3 signup credits through onboarding, recorded in the ledger', async () => {
    const user = await t.signIn();
    await t.app.container.onboarding.welcome(user.id);
    expect(await t.app.container.wallet.balance(user.id)).toBe(3);
    const rows = await ledgerRows(t, user.id);
    expect(rows.map((r) => [r.delta, r.reason])).toEqual([[3, 'signup_bonus']]);
  });

  it('with 0 credits refuses with 422 pointing to the goods page, and writes nothing', async () => {
    const user = await t.signIn();
    const { status, body } = await analyze(user);
    expect(status).toBe(422);
    expect(body).toEqual({ success: false, data: null, message: INSUFFICIENT_CREDITS_MESSAGE });
    expect(body.message).toContain('「商品」页');
    expect(await personaRows(t, user.id)).toHaveLength(0);
    expect(await ledgerRows(t, user.id)).toHaveLength(0);
    expect(await t.app.container.wallet.balance(user.id)).toBe(0);
  });

  it('answers the 422 as plain JSON even when the client asked for a stream', async () => {
    const user = await t.signIn();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/persona/analyze',
      headers: { authorization: `Bearer ${user.token}`, accept: 'text/event-stream' },
      payload: input,
    });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ success: false, message: INSUFFICIENT_CREDITS_MESSAGE });
    expect(await personaRows(t, user.id)).toHaveLength(0);
  });

  it('spends the last credit and then refuses', async () => {
    const user = await t.signIn();
    await t.app.container.wallet.change({ userId: user.id, delta: 1, reason: 'grant' });
    expect((await analyze(user)).status).toBe(200);
    expect((await analyze(user)).status).toBe(422);
    expect(await t.app.container.wallet.balance(user.id)).toBe(0);
    expect(await personaRows(t, user.id)).toHaveLength(1);
    await expectLedgerMatchesBalance(t, user.id);
  });

  it('lets internal members generate without spending credits', async () => {
    const user = await t.signIn();
    await t.database.db.insert(internalMembers).values({ userId: user.id, status: 'approved' });
    const res = await analyze(user);
    expect(res.status).toBe(200);
    expect(await ledgerRows(t, user.id)).toHaveLength(0);
    expect(await t.app.container.wallet.balance(user.id)).toBe(0);
  });

  it.runIf(onPostgres())(
    '20 concurrent analyses with 5 credits: exactly 5 succeed, 15 are refused with 422, 0 credits left',
    async () => {
      const user = await t.signIn();
      await t.app.container.wallet.change({ userId: user.id, delta: 5, reason: 'grant' });
      const results = await Promise.all(Array.from({ length: 20 }, () => analyze(user)));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 422)).toHaveLength(15);
      for (const r of results.filter((x) => x.status === 422)) {
        expect(r.body.message).toBe(INSUFFICIENT_CREDITS_MESSAGE);
      }
      expect(await t.app.container.wallet.balance(user.id)).toBe(0);
      expect(await t.app.container.wallet.ledgerSum(user.id)).toBe(0);
      expect(await personaRows(t, user.id)).toHaveLength(5);
      const rows = await ledgerRows(t, user.id);
      expect(rows.filter((r) => r.reason === 'generation')).toHaveLength(5);
      expect(rows.every((r) => r.balanceAfter >= 0)).toBe(true);
      // Exactly one default even though the first five raced for it.
      expect((await personaRows(t, user.id)).filter((p) => p.isDefault)).toHaveLength(1);
    },
  );
});

describe('credits: a failed generation refunds', () => {
  for (const mode of ['error500', 'garbage'] as const) {
    describe(`upstream ${mode}`, () => {
      let llm: Awaited<ReturnType<typeof startBrokenLlm>>;
      let t: TestApp;
      beforeAll(async () => {
        llm = await startBrokenLlm(mode);
        t = await createTestApp({
          LLM_MODE: 'openai',
          LLM_BASE_URL: llm.baseURL,
          LLM_API_KEY: 'sk-test',
          LLM_MODEL: 'fake-model',
          LLM_TIMEOUT_MS: '5000',
          COST_SUGGEST: '1',
        });
      });
      afterAll(async () => {
        await t.close();
        await llm.close();
      });

      it('answers 502 with a Chinese message, returns the credit, writes no persona', async () => {
        const user = await t.signIn();
        await t.app.container.wallet.change({ userId: user.id, delta: 2, reason: 'grant' });
        const { status, body } = await t.call({
          method: 'POST',
          url: '/api/v1/persona/analyze',
          token: user.token,
          payload: input,
        });
        expect(status).toBe(502);
        expect(body.success).toBe(false);
        expect(body.message).toMatch(/^人设分析失败/);
        expect(body.message).toContain('已退回本次消耗的 1 点');
        expect(llm.requests.length).toBeGreaterThan(0);
        expect(await t.app.container.wallet.balance(user.id)).toBe(2);
        const rows = await ledgerRows(t, user.id);
        expect(rows.map((r) => [r.delta, r.reason]).sort()).toEqual(
          [
            [-1, 'generation'],
            [1, 'refund'],
            [2, 'grant'],
          ].sort(),
        );
        const charge = rows.find((r) => r.reason === 'generation')!;
        expect(rows.find((r) => r.reason === 'refund')?.refId).toBe(charge.refId);
        expect(await personaRows(t, user.id)).toHaveLength(0);
        await expectLedgerMatchesBalance(t, user.id);
      });

      it('refunds a paid suggestion that failed', async () => {
        const user = await t.signIn();
        await t.app.container.wallet.change({ userId: user.id, delta: 1, reason: 'grant' });
        const { status, body } = await t.call({
          method: 'POST',
          url: '/api/v1/suggest/gen',
          token: user.token,
          payload: { kind: 'titles', topic: '修车师傅的一天' },
        });
        expect(status).toBe(502);
        expect(body.message).toContain('已退回 1 点');
        expect(await t.app.container.wallet.balance(user.id)).toBe(1);
        const rows = await ledgerRows(t, user.id);
        expect(rows.map((r) => r.reason).sort()).toEqual(['generation', 'grant', 'refund']);
        await expectLedgerMatchesBalance(t, user.id);
      });

      it('reports the failure as an error event on a stream, and refunds', async () => {
        const user = await t.signIn();
        await t.app.container.wallet.change({ userId: user.id, delta: 1, reason: 'grant' });
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/persona/analyze',
          headers: { authorization: `Bearer ${user.token}`, accept: 'text/event-stream' },
          payload: input,
        });
        expect(res.statusCode).toBe(200);
        const events = parseSse(res.body);
        const last = events.at(-1)!;
        expect(last.event).toBe('error');
        expect((last.data as { message: string }).message).toMatch(/^人设分析失败.*已退回本次消耗的 1 点/);
        expect(events.some((e) => e.event === 'persona')).toBe(false);
        expect(await t.app.container.wallet.balance(user.id)).toBe(1);
        expect(await personaRows(t, user.id)).toHaveLength(0);
        await expectLedgerMatchesBalance(t, user.id);
      });
    });
  }
});
