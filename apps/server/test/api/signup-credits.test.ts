import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/user/user.tables.ts';
import { creditLedger } from '../../src/modules/wallet/wallet.tables.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { onPostgres } from '../helpers/test-database.ts';

/**
 * First login (DESIGN §5): the user and their SIGNUP_CREDITS are one transaction. No user exists
 * without them, none gets them twice, even when one WeChat account logs in on several tabs at once.
 */
describe('signup credits', () => {
  let t: TestApp;
  let seq = 0;
  const openid = () => `signup-${process.pid}-${Date.now()}-${++seq}`;
  const userByOpenid = async (id: string) =>
    (await t.database.db.select().from(users).where(eq(users.openid, id)))[0];
  const bonuses = (userId: string) =>
    t.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId))
      .then((rows) => rows.filter((r) => r.reason === 'signup_bonus'));

  /** A QR login completed for `profile`, as the phone's confirmation does it. */
  const login = async (profile: { openid: string; nickname: string; avatar: string }) => {
    const { login } = t.app.container;
    const qr = await login.createQr(undefined);
    return login.complete(qr.state, profile);
  };

  beforeAll(async () => {
    t = await createTestApp({ SIGNUP_CREDITS: '3' });
  });
  afterAll(() => t.close());

  it('gives a first login its 3 credits with the user, recorded once in the ledger', async () => {
    const id = openid();
    expect(await login({ openid: id, nickname: '新人', avatar: '' })).toBe('complete');
    const user = await userByOpenid(id);
    expect(user).toBeDefined();
    expect(await t.app.container.wallet.balance(user!.id)).toBe(3);
    expect(await bonuses(user!.id)).toHaveLength(1);
    // A later login is not a first one.
    expect(await login({ openid: id, nickname: '新人', avatar: '' })).toBe('complete');
    expect(await t.app.container.wallet.balance(user!.id)).toBe(3);
    expect(await bonuses(user!.id)).toHaveLength(1);
  });

  it('creates no user when the welcome credits cannot be written (one transaction)', async () => {
    const id = openid();
    await expect(
      t.app.container.users.findOrCreateByOpenid(
        { openid: id, nickname: '失败', avatar: '' },
        {
          onCreated: async (tx, user) => {
            await t.app.container.onboarding.welcomeIn(tx, user.id);
            throw new Error('crash after the credits, before commit');
          },
        },
      ),
    ).rejects.toThrow(/crash after the credits/);
    expect(await userByOpenid(id)).toBeUndefined();
    // The next attempt makes the user, with the credits, once.
    expect(await login({ openid: id, nickname: '重试', avatar: '' })).toBe('complete');
    const user = await userByOpenid(id);
    expect(await t.app.container.wallet.balance(user!.id)).toBe(3);
  });

  it('never gives the welcome credits twice, whatever asks', async () => {
    const id = openid();
    await login({ openid: id, nickname: '再来', avatar: '' });
    const user = await userByOpenid(id);
    expect(await t.app.container.onboarding.welcome(user!.id)).toBe(false);
    await expect(
      t.database.db.transaction((tx) => t.app.container.onboarding.welcomeIn(tx, user!.id)),
    ).rejects.toThrow();
    expect(await t.app.container.wallet.balance(user!.id)).toBe(3);
    expect(await bonuses(user!.id)).toHaveLength(1);
    expect(await t.app.container.wallet.ledgerSum(user!.id)).toBe(3);
  });

  it('concurrent first logins of one openid make one user with one welcome', async () => {
    const id = openid();
    const n = onPostgres() ? 12 : 4;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) => login({ openid: id, nickname: `并发${i}`, avatar: '' })),
    );
    expect(results.every((r) => r === 'complete')).toBe(true);
    const rows = await t.database.db.select().from(users).where(eq(users.openid, id));
    expect(rows).toHaveLength(1);
    expect(await t.app.container.wallet.balance(rows[0]!.id)).toBe(3);
    expect(await bonuses(rows[0]!.id)).toHaveLength(1);
  });

  it('many concurrent first logins: every user exists with exactly its credits', async () => {
    const ids = Array.from({ length: onPostgres() ? 20 : 5 }, openid);
    // Each account logs in twice at once.
    await Promise.all([...ids, ...ids].map((id) => login({ openid: id, nickname: '批量', avatar: '' })));
    for (const id of ids) {
      const user = await userByOpenid(id);
      expect(await t.app.container.wallet.balance(user!.id)).toBe(3);
      expect(await bonuses(user!.id)).toHaveLength(1);
    }
  });
});
