import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { onPostgres, openSecondInstance } from '../helpers/test-database.ts';

const info = (t: TestApp, token: string) => t.call({ method: 'GET', url: '/api/v1/user/info', token });
const logout = (t: TestApp, token: string) => t.call({ method: 'POST', url: '/api/v1/user/logout', token });

describe('cached sessions and users', () => {
  let a: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ SESSION_CACHE_MS: '60000' });
  });
  afterAll(() => a.close());

  it('a cached session dies at once on logout', async () => {
    const user = await a.signIn();
    expect((await info(a, user.token)).status).toBe(200);
    expect((await info(a, user.token)).status).toBe(200);
    expect((await logout(a, user.token)).status).toBe(200);
    expect((await info(a, user.token)).status).toBe(401);
  });

  it('becoming a distributor shows in /user/info at once despite the cache', async () => {
    const user = await a.signIn();
    expect((await info(a, user.token)).body.data).toMatchObject({ isDistribution: false });
    await a.call({ method: 'GET', url: '/api/v1/distribution/add', token: user.token });
    expect((await info(a, user.token)).body.data).toMatchObject({ isDistribution: true });
  });

  it('an internal-member decision, one or many, shows in /user/info at once despite the cache', async () => {
    const admin = await a.signIn({ admin: true });
    const users = [await a.signIn(), await a.signIn()];
    for (const user of users) {
      await a.call({ method: 'GET', url: '/api/v1/internal/add_int_list', token: user.token });
      expect((await info(a, user.token)).body.data).toMatchObject({ isInternal: false });
    }
    const decide = (url: string, payload: object) =>
      a.call({ method: 'POST', url: `/api/v1/internal/${url}`, token: admin.token, payload });
    expect((await decide('add', { userId: users[0]!.id, approve: true })).status).toBe(200);
    expect((await info(a, users[0]!.token)).body.data).toMatchObject({ isInternal: true });
    const both = { userIds: users.map((u) => u.id), approve: true };
    expect((await decide('multi_add_int_list', both)).status).toBe(200);
    expect((await info(a, users[1]!.token)).body.data).toMatchObject({ isInternal: true });
    expect((await decide('multi_add_int_list', { ...both, approve: false })).status).toBe(200);
    for (const user of users) {
      expect((await info(a, user.token)).body.data).toMatchObject({ isInternal: false });
    }
  });

  it.runIf(onPostgres())('a logout on instance A ends the session cached on instance B', async () => {
    const second = await openSecondInstance(a.database);
    const b = await createTestApp({ SESSION_CACHE_MS: '60000' }, { database: second });
    try {
      const user = await a.signIn();
      expect((await info(b, user.token)).status).toBe(200);
      expect((await logout(a, user.token)).status).toBe(200);
      // The notification travels through PostgreSQL: give it a moment, never the cache's minute.
      let status = 200;
      for (let i = 0; i < 50 && status === 200; i++) {
        status = (await info(b, user.token)).status;
        if (status === 200) await new Promise((r) => setTimeout(r, 20));
      }
      expect(status).toBe(401);
    } finally {
      await b.close();
      await second.close();
    }
  });

  it.runIf(onPostgres())(
    'a favourite set on instance A shows in the hot list served by instance B',
    async () => {
      const second = await openSecondInstance(a.database);
      const b = await createTestApp({}, { database: second });
      try {
        const user = await a.signIn();
        const hot = async () =>
          (
            await b.call<{ items: { id: string; collected: boolean }[] }>({
              method: 'GET',
              url: '/api/v1/topic/hot',
              token: user.token,
            })
          ).body.data.items;
        const [first] = await hot();
        expect(first?.collected).toBe(false);
        await a.call({
          method: 'POST',
          url: '/api/v1/topic/collect',
          token: user.token,
          payload: { topicId: first!.id, collect: true },
        });
        let collected = false;
        for (let i = 0; i < 50 && !collected; i++) {
          collected = (await hot()).find((x) => x.id === first!.id)?.collected ?? false;
          if (!collected) await new Promise((r) => setTimeout(r, 20));
        }
        expect(collected).toBe(true);
      } finally {
        await b.close();
        await second.close();
      }
    },
  );
});
