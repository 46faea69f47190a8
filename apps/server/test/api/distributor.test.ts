import type { DistributionUri, UserInfo } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('distributor basics: check, add, uri', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://jiaoben.example.com/' });
  });
  afterAll(() => t.close());

  it('needs a session', async () => {
    for (const url of [
      '/api/v1/distribution/check',
      '/api/v1/distribution/add',
      '/api/v1/distribution/uri',
    ]) {
      const res = await t.call({ method: 'GET', url });
      expect(res.status).toBe(401);
      expect(res.body.message).toMatch(/登录/);
    }
  });

  it('a user becomes a distributor at once, idempotently, and gets a stable share link', async () => {
    const user = await t.signIn();
    const before = await t.call({ method: 'GET', url: '/api/v1/distribution/check', token: user.token });
    expect(before.body.data).toEqual({ is_distribution: false });
    const noLink = await t.call({ method: 'GET', url: '/api/v1/distribution/uri', token: user.token });
    expect(noLink.status).toBe(422);
    expect(noLink.body.message).toMatch(/还不是分销商/);

    const add = await t.call({ method: 'GET', url: '/api/v1/distribution/add', token: user.token });
    expect(add.status).toBe(200);
    expect(add.body.data).toEqual({ is_distribution: true });
    const after = await t.call({ method: 'GET', url: '/api/v1/distribution/check', token: user.token });
    expect(after.body.data).toEqual({ is_distribution: true });
    const info = await t.call<UserInfo>({ method: 'GET', url: '/api/v1/user/info', token: user.token });
    expect(info.body.data.isDistribution).toBe(true);

    const link = await t.call<DistributionUri>({
      method: 'GET',
      url: '/api/v1/distribution/uri',
      token: user.token,
    });
    expect(link.status).toBe(200);
    expect(link.body.data.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(link.body.data.url).toBe(`https://jiaoben.example.com/?code=${link.body.data.code}`);

    const again = await t.call({ method: 'GET', url: '/api/v1/distribution/add', token: user.token });
    expect(again.status).toBe(200);
    const link2 = await t.call<DistributionUri>({
      method: 'GET',
      url: '/api/v1/distribution/uri',
      token: user.token,
    });
    expect(link2.body.data.code).toBe(link.body.data.code);
  });

  it('concurrent add calls make one distributor with one code', async () => {
    const user = await t.signIn();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.call({ method: 'GET', url: '/api/v1/distribution/add', token: user.token }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const link = await t.call<DistributionUri>({
      method: 'GET',
      url: '/api/v1/distribution/uri',
      token: user.token,
    });
    expect(await t.app.container.distributors.distributorIdByCode(link.body.data.code)).toBe(user.id);
  });

  it('codes differ between distributors and another user is not affected', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    await t.call({ method: 'GET', url: '/api/v1/distribution/add', token: a.token });
    await t.call({ method: 'GET', url: '/api/v1/distribution/add', token: b.token });
    const la = await t.call<DistributionUri>({
      method: 'GET',
      url: '/api/v1/distribution/uri',
      token: a.token,
    });
    const lb = await t.call<DistributionUri>({
      method: 'GET',
      url: '/api/v1/distribution/uri',
      token: b.token,
    });
    expect(la.body.data.code).not.toBe(lb.body.data.code);
    const c = await t.signIn();
    const check = await t.call({ method: 'GET', url: '/api/v1/distribution/check', token: c.token });
    expect(check.body.data).toEqual({ is_distribution: false });
  });
});
