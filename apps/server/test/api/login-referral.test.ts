import type { DistributionUri, UserInfo } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { devScan, listen, newQr, openStream } from './login.helpers.ts';

describe('referral binding at first login', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t);
  });
  afterAll(() => t.close());

  /** The whole QR login with a referral code; answers the logged-in user's id and token. */
  const qrLogin = async (nickname: string, code = '') => {
    const qr = await newQr(t, code);
    const stream = await openStream(base, qr.state, code);
    await stream.next();
    await devScan(t, qr.state, nickname);
    const token = (await stream.next()).token!;
    const info = await t.call<UserInfo>({ method: 'GET', url: '/api/v1/user/info', token });
    return { id: info.body.data.userId, token };
  };
  const distributorCode = async (token: string) => {
    await t.call({ method: 'GET', url: '/api/v1/distribution/add', token });
    const link = await t.call<DistributionUri>({ method: 'GET', url: '/api/v1/distribution/uri', token });
    return link.body.data.code;
  };
  const referrerOf = async (id: string) => (await t.app.container.users.require(id)).referrerId;

  it('a new user is bound to the distributor of the code they came with; later codes change nothing', async () => {
    const first = await t.signIn({ nickname: '分销甲' });
    const second = await t.signIn({ nickname: '分销乙' });
    const codeA = await distributorCode(first.token);
    const codeB = await distributorCode(second.token);

    const customer = await qrLogin('新客户', codeA);
    expect(await referrerOf(customer.id)).toBe(first.id);
    // Welcome credits for the new user, once.
    expect(await t.app.container.wallet.balance(customer.id)).toBe(t.config.SIGNUP_CREDITS);

    const again = await qrLogin('新客户', codeB);
    expect(again.id).toBe(customer.id);
    expect(await referrerOf(customer.id)).toBe(first.id);
    expect(await t.app.container.wallet.balance(customer.id)).toBe(t.config.SIGNUP_CREDITS);
  });

  it('a code typed in lower case still binds', async () => {
    const d = await t.signIn();
    const code = await distributorCode(d.token);
    const customer = await qrLogin('小写码', code.toLowerCase());
    expect(await referrerOf(customer.id)).toBe(d.id);
  });

  it('only the first login binds: an existing user arriving with a code stays unbound', async () => {
    const plain = await qrLogin('先注册后点链接');
    expect(await referrerOf(plain.id)).toBeNull();
    const d = await t.signIn();
    const code = await distributorCode(d.token);
    await qrLogin('先注册后点链接', code);
    expect(await referrerOf(plain.id)).toBeNull();
  });

  it('nobody binds to themselves: a distributor logging in through their own link', async () => {
    const self = await qrLogin('自己推荐自己');
    const code = await distributorCode(self.token);
    await qrLogin('自己推荐自己', code);
    expect(await referrerOf(self.id)).toBeNull();
    // And the service refuses it outright.
    expect(await t.app.container.users.bindReferrer(self.id, self.id)).toBe(false);
    expect(await referrerOf(self.id)).toBeNull();
  });

  it('an unknown or malformed code is ignored, never an obstacle to logging in', async () => {
    const unknown = await qrLogin('未知码', 'ZZZZZZZZ');
    expect(await referrerOf(unknown.id)).toBeNull();
    const odd = await qrLogin('怪码', '<script>');
    expect(await referrerOf(odd.id)).toBeNull();
    const long = await t.call({ method: 'GET', url: `/api/v1/user/qrcode?type=qr&code=${'A'.repeat(65)}` });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/推荐码过长/);
  });
});
