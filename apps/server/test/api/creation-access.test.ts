import type { GenerationListItem, Page } from '@app/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorGenerations } from '../../src/modules/creation/creation.tables.ts';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { onPostgres } from '../helpers/test-database.ts';
import { baseInput, grant, readWholeStream, startGeneration, waitFinished } from './creation-helpers.ts';

describe('who may see and start generations', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let generationId: string;
  let scriptId: string;
  beforeAll(async () => {
    t = await createTestApp({ GENERATION_RATE_PER_MIN: '1000' });
    owner = await t.signIn({ nickname: '主人' });
    other = await t.signIn({ nickname: '路人' });
    await grant(t, owner, 10);
    await grant(t, other, 10);
    generationId = await startGeneration(t, owner, { variants: 1 });
    const done = await waitFinished(t, owner, generationId);
    scriptId = done.scripts[0]!.id;
  });
  afterAll(() => t.close());

  it('answers 404 to another user on every call with the owner’s ids', async () => {
    const calls = [
      { method: 'GET' as const, url: `/api/v1/creator/${generationId}` },
      { method: 'GET' as const, url: `/api/v1/creator/${generationId}/stream` },
      { method: 'POST' as const, url: '/api/v1/script/confirm', payload: { scriptId } },
      { method: 'POST' as const, url: '/api/v1/script/download', payload: { scriptId, format: 'docx' } },
      { method: 'POST' as const, url: '/api/v1/script/download', payload: { scriptId, format: 'md' } },
    ];
    for (const call of calls) {
      const res = await t.call({ ...call, token: other.token });
      expect(res.status, call.url).toBe(404);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(/不存在/);
    }
    const improve = await t.call({
      method: 'POST',
      url: '/api/v1/suggest/gen',
      token: other.token,
      payload: { kind: 'improve', scriptId },
    });
    expect(improve.status).toBe(404);
    // Nothing of the owner's shows in the other user's lists.
    const lists = await Promise.all(
      ['/api/v1/creator/list', '/api/v1/script/list'].map((url) =>
        t.call<Page<GenerationListItem>>({ method: 'GET', url, token: other.token }),
      ),
    );
    for (const list of lists) expect(list.body.data.total).toBe(0);
    // The script was not confirmed by the refused call.
    const mine = await t.call<{ scripts: Array<{ confirmed: boolean }> }>({
      method: 'GET',
      url: `/api/v1/creator/${generationId}`,
      token: owner.token,
    });
    expect(mine.body.data.scripts[0]?.confirmed).toBe(false);
  });

  it('answers 404 for ids that are not ids, and 401 without a session', async () => {
    for (const url of ['/api/v1/creator/not-a-uuid', '/api/v1/creator/not-a-uuid/stream']) {
      expect((await t.call({ method: 'GET', url, token: owner.token })).status).toBe(404);
    }
    expect((await t.call({ method: 'GET', url: `/api/v1/creator/${generationId}` })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: `/api/v1/creator/${generationId}/stream` })).status).toBe(401);
    const res = await t.call({ method: 'POST', url: '/api/v1/creator/generate', payload: baseInput });
    expect(res.status).toBe(401);
  });

  it('uses my persona and refuses someone else’s with 404, charging nothing', async () => {
    const before = await t.app.container.wallet.balance(other.id);
    const persona = await t.call<{ id: string }>({
      method: 'POST',
      url: '/api/v1/persona/analyze',
      token: owner.token,
      payload: {
        platform: 'douyin',
        accountName: '早餐研究所',
        niche: '美食',
        recentTitles: ['三分钟早餐'],
        goal: '三个月涨粉一万',
      },
    });
    expect(persona.status, persona.body.message).toBe(200);
    const refused = await t.call({
      method: 'POST',
      url: '/api/v1/creator/generate',
      token: other.token,
      payload: { ...baseInput, personaId: persona.body.data.id },
    });
    expect(refused.status).toBe(404);
    const malformed = await t.call({
      method: 'POST',
      url: '/api/v1/creator/generate',
      token: other.token,
      payload: { ...baseInput, personaId: 'not-a-uuid' },
    });
    expect(malformed.status).toBe(404);
    expect(malformed.body.message).toMatch(/人设不存在/);
    expect(await t.app.container.wallet.balance(other.id)).toBe(before);

    const id = await startGeneration(t, owner, { personaId: persona.body.data.id });
    const done = await waitFinished(t, owner, id);
    expect(done.status).toBe('done');
    expect(done.input.personaId).toBe(persona.body.data.id);
  });
});

describe('credits and limits of generation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      GENERATION_CONCURRENCY_PER_USER: '2',
      GENERATION_RATE_PER_MIN: '1000',
      LLM_PACE_MS: '40',
    });
  });
  afterAll(() => t.close());

  it('refuses with 422 when the credits do not cover the variants, and creates nothing', async () => {
    const user = await t.signIn();
    await grant(t, user, 2);
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/creator/generate',
      token: user.token,
      payload: { ...baseInput, variants: 3 },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/点数不足/);
    expect(await t.app.container.wallet.balance(user.id)).toBe(2);
    const rows = await t.database.db
      .select()
      .from(creatorGenerations)
      .where(eq(creatorGenerations.userId, user.id));
    expect(rows).toHaveLength(0);
    const ledger = await t.app.container.wallet.listLedger(user.id, 1, 20);
    expect(ledger.items.map((r) => r.reason)).toEqual(['grant']);
  });

  it('caps running generations per user with 429 and frees the slot when one ends', async () => {
    const user = await t.signIn();
    await grant(t, user, 10);
    const first = await startGeneration(t, user);
    await startGeneration(t, user);
    const third = await t.call({
      method: 'POST',
      url: '/api/v1/creator/generate',
      token: user.token,
      payload: baseInput,
    });
    expect(third.status).toBe(429);
    expect(third.body.message).toBe('同时进行的生成过多，请等当前生成完成后再试');
    expect(await t.app.container.wallet.balance(user.id)).toBe(8);
    // Someone else is not affected by my cap.
    const other = await t.signIn();
    await grant(t, other, 1);
    await startGeneration(t, other);
    await readWholeStream(t, user, first);
    await waitFinished(t, user, first);
    await startGeneration(t, user);
  });

  it('rate-limits starts per minute', async () => {
    const limited = await createTestApp({
      GENERATION_RATE_PER_MIN: '2',
      GENERATION_CONCURRENCY_PER_USER: '10',
    });
    try {
      const user = await limited.signIn();
      await grant(limited, user, 10);
      await startGeneration(limited, user);
      await startGeneration(limited, user);
      const res = await limited.call({
        method: 'POST',
        url: '/api/v1/creator/generate',
        token: user.token,
        payload: baseInput,
      });
      expect(res.status).toBe(429);
      expect(res.body.message).toMatch(/太频繁/);
      expect(await limited.app.container.wallet.balance(user.id)).toBe(8);
    } finally {
      await limited.close();
    }
  });

  it.runIf(onPostgres())('holds the cap and the balance when many starts arrive at once', async () => {
    const user = await t.signIn();
    await grant(t, user, 10);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.call({ method: 'POST', url: '/api/v1/creator/generate', token: user.token, payload: baseInput }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    expect(await t.app.container.wallet.balance(user.id)).toBe(8);
    expect(await t.app.container.wallet.ledgerSum(user.id)).toBe(8);
  });
});
