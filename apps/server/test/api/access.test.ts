import type {
  DistributionInfo,
  DistributionWallet,
  InternalApplication,
  Page,
  Withdrawal,
} from '@app/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { bindCustomer, payOrder, settleAll } from './referral.fixtures.ts';

type Actor = 'anonymous' | 'owner' | 'other' | 'admin';

interface Row {
  call: string;
  payload?: () => unknown;
  /** Expected status per actor; the calls run in this order, top to bottom, anonymous first. */
  expect: Record<Actor, number>;
}

/**
 * Every distribution, withdrawal and internal-member call, as a visitor, as the owner of the data
 * (a distributor with a customer, money and a withdrawal), as another signed-in user, and as an
 * admin. Afterwards: the other user never saw or changed the owner's rows.
 */
describe('access control matrix: distribution, withdrawals, internal members', () => {
  let t: TestApp;
  const actors = {} as Record<Exclude<Actor, 'anonymous'>, TestUser>;
  let withdrawalId = '';
  const token = (actor: Actor) => (actor === 'anonymous' ? undefined : actors[actor].token);

  beforeAll(async () => {
    t = await createTestApp();
    actors.owner = await t.signIn({ nickname: '数据主人' });
    actors.other = await t.signIn({ nickname: '别的用户' });
    actors.admin = await t.signIn({ nickname: '管理员', admin: true });
    await t.app.container.distributors.become(actors.owner.id);
    const customer = await bindCustomer(t, actors.owner, '主人的客户');
    await payOrder(t, customer.id, 50_000);
    await settleAll(t);
    await payOrder(t, customer.id, 990); // stays pending
    const w = await t.call<Withdrawal>({
      method: 'POST',
      url: '/api/v1/withdraw/add',
      token: actors.owner.token,
      payload: { amountCents: 2000, realName: '主人' },
    });
    withdrawalId = w.body.data.id;
  });
  afterAll(() => t.close());

  const rows: Row[] = [
    { call: 'GET /distribution/check', expect: { anonymous: 401, owner: 200, other: 200, admin: 200 } },
    // Not a distributor yet: the share link is refused with a business rule, not a leak.
    { call: 'GET /distribution/uri', expect: { anonymous: 401, owner: 200, other: 422, admin: 422 } },
    { call: 'GET /distribution/info', expect: { anonymous: 401, owner: 200, other: 200, admin: 200 } },
    { call: 'GET /distribution/wallet', expect: { anonymous: 401, owner: 200, other: 200, admin: 200 } },
    { call: 'GET /distribution/earnings', expect: { anonymous: 401, owner: 200, other: 200, admin: 200 } },
    { call: 'POST /distribution/settle', expect: { anonymous: 401, owner: 403, other: 403, admin: 200 } },
    {
      call: 'POST /withdraw/add',
      payload: () => ({ amountCents: 1000, realName: '某某' }),
      // The others have nothing available: refused on their own (empty) wallet.
      expect: { anonymous: 401, owner: 200, other: 422, admin: 422 },
    },
    { call: 'GET /withdraw/list', expect: { anonymous: 401, owner: 200, other: 200, admin: 200 } },
    { call: 'GET /withdraw/all', expect: { anonymous: 401, owner: 403, other: 403, admin: 200 } },
    {
      call: 'POST /withdraw/check',
      payload: () => ({ id: withdrawalId, approve: true, payoutRef: 'ACCESS-1' }),
      expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
    },
    { call: 'GET /internal/status', expect: { anonymous: 401, owner: 200, other: 200, admin: 200 } },
    { call: 'GET /internal/add_int_list', expect: { anonymous: 401, owner: 200, other: 200, admin: 200 } },
    { call: 'GET /internal/list', expect: { anonymous: 401, owner: 403, other: 403, admin: 200 } },
    {
      call: 'POST /internal/add',
      payload: () => ({ userId: actors.owner.id, approve: true }),
      expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
    },
    {
      call: 'POST /internal/multi_add_int_list',
      payload: () => ({ userIds: [actors.owner.id, actors.other.id], approve: true }),
      expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
    },
    // Becoming a distributor last, so that the rows above saw "other" as a plain user.
    { call: 'GET /distribution/add', expect: { anonymous: 401, owner: 200, other: 200, admin: 200 } },
  ];

  it('answers every call with the expected status for every actor', async () => {
    const actual: Record<string, Record<Actor, number>> = {};
    const expected: Record<string, Record<Actor, number>> = {};
    for (const row of rows) {
      const [method, path] = row.call.split(' ') as [InjectOptions['method'], string];
      actual[row.call] = {} as Record<Actor, number>;
      expected[row.call] = row.expect;
      for (const actor of ['anonymous', 'owner', 'other', 'admin'] as const) {
        const res = await t.call({
          method,
          url: `/api/v1${path}`,
          token: token(actor),
          ...(method === 'POST' ? { payload: row.payload?.() ?? {} } : {}),
        });
        actual[row.call]![actor] = res.status;
        if (res.status >= 400) expect(res.body.success).toBe(false);
        if (res.status === 403) expect(res.body.message).toBe('仅管理员可以进行此操作');
      }
    }
    expect(actual).toEqual(expected);
  });

  it('never showed the other user the owner’s customers, money, withdrawals or application', async () => {
    const other = actors.other.token;
    const info = await t.call<DistributionInfo>({
      method: 'GET',
      url: '/api/v1/distribution/info',
      token: other,
    });
    expect(info.body.data.total).toBe(0);
    expect(info.body.data.summary.totalCommissionCents).toBe(0);
    const wallet = await t.call<DistributionWallet>({
      method: 'GET',
      url: '/api/v1/distribution/wallet',
      token: other,
    });
    expect(wallet.body.data).toMatchObject({
      availableCents: 0,
      pendingCents: 0,
      frozenCents: 0,
      totalEarnedCents: 0,
    });
    const list = await t.call<Page<Withdrawal>>({
      method: 'GET',
      url: '/api/v1/withdraw/list',
      token: other,
    });
    expect(list.body.data.total).toBe(0);

    // The owner's data is whole: two withdrawals (one paid by the admin), the money where it belongs.
    const ownerList = await t.call<Page<Withdrawal>>({
      method: 'GET',
      url: '/api/v1/withdraw/list',
      token: actors.owner.token,
    });
    expect(ownerList.body.data.items.map((w) => w.status).sort()).toEqual(['approved', 'pending']);
    const ownerWallet = await t.call<DistributionWallet>({
      method: 'GET',
      url: '/api/v1/distribution/wallet',
      token: actors.owner.token,
    });
    expect(ownerWallet.body.data).toMatchObject({
      availableCents: 10_000 - 3000,
      pendingCents: 198,
      frozenCents: 1000,
      withdrawnCents: 2000,
      totalEarnedCents: 10_198,
    });
    const ownerInfo = await t.call<DistributionInfo>({
      method: 'GET',
      url: '/api/v1/distribution/info',
      token: actors.owner.token,
    });
    expect(ownerInfo.body.data.items.map((c) => c.nickname)).toEqual(['主人的客户']);
  });

  it('refuses a forged or expired token like no token', async () => {
    for (const url of ['/api/v1/distribution/wallet', '/api/v1/withdraw/all', '/api/v1/internal/status']) {
      const res = await t.call<InternalApplication>({ method: 'GET', url, token: 'f'.repeat(64) });
      expect(res.status).toBe(401);
    }
  });
});
