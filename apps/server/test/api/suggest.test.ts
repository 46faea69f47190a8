import type { Persona, SuggestResult } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSUFFICIENT_CREDITS_MESSAGE } from '../../src/modules/wallet/wallet.service.ts';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';

const personaInput = {
  platform: 'xiaohongshu',
  accountName: '职场小林',
  niche: '职场',
  recentTitles: ['入职第一周我学会的三件事'],
  goal: '做职场成长内容，接课程合作',
};

describe('POST /suggest/gen', () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  let persona: Persona;
  const gen = (payload: object, user = a) =>
    t.call<SuggestResult>({ method: 'POST', url: '/api/v1/suggest/gen', token: user.token, payload });

  beforeAll(async () => {
    t = await createTestApp({ SUGGEST_RATE_PER_MIN: '1000' });
    a = await t.signIn();
    b = await t.signIn();
    await t.app.container.wallet.change({ userId: a.id, delta: 1, reason: 'grant' });
    const res = await t.call<Persona>({
      method: 'POST',
      url: '/api/v1/persona/analyze',
      token: a.token,
      payload: personaInput,
    });
    persona = res.body.data;
  });
  afterAll(() => t.close());

  it('generates topic ideas for my persona, free of charge', async () => {
    expect(await t.app.container.wallet.balance(a.id)).toBe(0);
    const { status, body } = await gen({ kind: 'topics', personaId: persona.id, count: 4 });
    expect(status).toBe(200);
    expect(body.data.suggestions).toHaveLength(4);
    for (const s of body.data.suggestions) {
      expect(s.text.length).toBeGreaterThan(0);
      expect(s.reason.length).toBeGreaterThan(0);
    }
    // Only the grant and the persona's charge: the suggestion took nothing.
    expect(await t.app.container.wallet.listLedger(a.id, 1, 10)).toMatchObject({ total: 2 });
  });

  it('anchors topics on a hot topic, and writes titles and hooks from a topic alone', async () => {
    const anchored = await gen({ kind: 'topics', personaId: persona.id, topic: '年轻人开始反向消费' });
    expect(anchored.status).toBe(200);
    expect(anchored.body.data.suggestions).toHaveLength(5);
    const titles = await gen({ kind: 'titles', topic: '第一次当面试官' });
    expect(titles.status).toBe(200);
    expect(titles.body.data.suggestions.length).toBe(5);
    const hooks = await gen({ kind: 'hooks', topic: '第一次当面试官', count: 3 });
    expect(hooks.status).toBe(200);
    expect(hooks.body.data.suggestions).toHaveLength(3);
  });

  it('needs a persona or a topic, and a script for improve', async () => {
    const none = await gen({ kind: 'titles' });
    expect(none.status).toBe(400);
    expect(none.body.message).toContain('请选择一个人设或填写一个选题');
    const noScript = await gen({ kind: 'improve', personaId: persona.id });
    expect(noScript.status).toBe(400);
    expect(noScript.body.message).toContain('请选择要优化的脚本');
    const badKind = await gen({ kind: 'jokes', topic: 'x' });
    expect(badKind.status).toBe(400);
    expect(badKind.body.message).toContain('建议类型只能是选题、标题、开头或优化');
    const tooMany = await gen({ kind: 'titles', topic: 'x', count: 11 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('最多 10 条建议');
    const extra = await gen({ kind: 'titles', topic: 'x', script: '我自己的脚本' });
    expect(extra.status).toBe(400);
  });

  it('answers 404 for a script that is not mine (no scripts exist yet)', async () => {
    const res = await gen({ kind: 'improve', scriptId: '00000000-0000-4000-8000-000000000000' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('脚本不存在');
  });

  it("answers 404 for someone else's persona", async () => {
    const res = await gen({ kind: 'topics', personaId: persona.id }, b);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('人设不存在或已被删除');
    const anonymous = await t.call({
      method: 'POST',
      url: '/api/v1/suggest/gen',
      payload: { kind: 'titles', topic: 'x' },
    });
    expect(anonymous.status).toBe(401);
  });

  it('charges a configured cost like any generation', async () => {
    const paid = await createTestApp({ COST_SUGGEST: '1' }, { database: t.database });
    try {
      const user = await paid.signIn();
      const refused = await paid.call({
        method: 'POST',
        url: '/api/v1/suggest/gen',
        token: user.token,
        payload: { kind: 'titles', topic: '周末去哪儿' },
      });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe(INSUFFICIENT_CREDITS_MESSAGE);
      await paid.app.container.wallet.change({ userId: user.id, delta: 1, reason: 'grant' });
      const ok = await paid.call({
        method: 'POST',
        url: '/api/v1/suggest/gen',
        token: user.token,
        payload: { kind: 'titles', topic: '周末去哪儿' },
      });
      expect(ok.status).toBe(200);
      expect(await paid.app.container.wallet.balance(user.id)).toBe(0);
      expect(await paid.app.container.wallet.ledgerSum(user.id)).toBe(0);
    } finally {
      await paid.close();
    }
  });

  it('limits suggestions per user per minute (429)', async () => {
    const limited = await createTestApp({ SUGGEST_RATE_PER_MIN: '2' }, { database: t.database });
    try {
      const user = await limited.signIn();
      const call = () =>
        limited.call({
          method: 'POST',
          url: '/api/v1/suggest/gen',
          token: user.token,
          payload: { kind: 'hooks', topic: '周末去哪儿' },
        });
      expect((await call()).status).toBe(200);
      expect((await call()).status).toBe(200);
      const third = await call();
      expect(third.status).toBe(429);
      expect(third.body.message).toMatch(/操作太频繁/);
    } finally {
      await limited.close();
    }
  });
});
