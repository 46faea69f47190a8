import type { LimitCheckResult } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internalMembers } from '../../src/modules/staff/staff.tables.ts';
import { INSUFFICIENT_CREDITS_MESSAGE } from '../../src/modules/wallet/wallet.service.ts';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';

describe('POST /limit/check', () => {
  let t: TestApp;
  let user: TestUser;
  const check = (payload: object, token = user.token) =>
    t.call<LimitCheckResult>({ method: 'POST', url: '/api/v1/limit/check', token, payload });

  beforeAll(async () => {
    // Costs come from configuration: a script costs 2 per variant here.
    t = await createTestApp({ COST_SCRIPT: '2' });
    user = await t.signIn();
  });
  afterAll(() => t.close());

  it('refuses with the goods-page reason when the balance is short', async () => {
    const { status, body } = await check({ action: 'persona' });
    expect(status).toBe(200);
    expect(body.data).toEqual({ allowed: false, cost: 1, balance: 0, reason: INSUFFICIENT_CREDITS_MESSAGE });
  });

  it('allows what the balance covers, with the configured cost per unit', async () => {
    await t.app.container.onboarding.welcome(user.id);
    expect((await check({ action: 'persona' })).body.data).toEqual({ allowed: true, cost: 1, balance: 3 });
    expect((await check({ action: 'script' })).body.data).toEqual({ allowed: true, cost: 2, balance: 3 });
    expect((await check({ action: 'script', units: 2 })).body.data).toEqual({
      allowed: false,
      cost: 4,
      balance: 3,
      reason: INSUFFICIENT_CREDITS_MESSAGE,
    });
    // Suggestions are free by default.
    expect((await check({ action: 'suggest' })).body.data).toEqual({ allowed: true, cost: 0, balance: 3 });
    // Checking takes nothing.
    expect(await t.app.container.wallet.balance(user.id)).toBe(3);
  });

  it('costs internal members nothing', async () => {
    const member = await t.signIn();
    await t.database.db.insert(internalMembers).values({ userId: member.id, status: 'approved' });
    const { body } = await check({ action: 'script', units: 3 }, member.token);
    expect(body.data).toEqual({ allowed: true, cost: 0, balance: 0 });
    const applicant = await t.signIn();
    await t.database.db.insert(internalMembers).values({ userId: applicant.id, status: 'pending' });
    expect((await check({ action: 'persona' }, applicant.token)).body.data.allowed).toBe(false);
  });

  it('validates the action in Chinese and needs a session', async () => {
    const bad = await check({ action: 'hack' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('操作类型只能是人设分析、脚本生成或创作建议');
    const units = await check({ action: 'script', units: 9 });
    expect(units.status).toBe(400);
    expect(units.body.message).toContain('数量最多为 3');
    const extra = await check({ action: 'persona', cost: 0 });
    expect(extra.status).toBe(400);
    const anonymous = await t.call({
      method: 'POST',
      url: '/api/v1/limit/check',
      payload: { action: 'persona' },
    });
    expect(anonymous.status).toBe(401);
  });
});
