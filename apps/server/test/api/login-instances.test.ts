import type { UserInfo } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { onPostgres, openSecondInstance } from '../helpers/test-database.ts';
import { devScan, listen, newQr, openStream } from './login.helpers.ts';

/**
 * Two server instances on one PostgreSQL database, as behind a load balancer: the browser streams
 * from instance A while the phone's scan lands on instance B. Only LISTEN/NOTIFY connects them.
 */
describe.runIf(onPostgres())('QR login across two instances on PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let secondDb: Database;
  let baseA: string;
  let baseB: string;
  beforeAll(async () => {
    a = await createTestApp();
    secondDb = await openSecondInstance(a.database);
    b = await createTestApp({}, { database: secondDb });
    [baseA, baseB] = await Promise.all([listen(a), listen(b)]);
  });
  afterAll(async () => {
    await b?.close();
    await secondDb?.close();
    await a?.close();
  });

  it('a scan handled by instance B completes the stream held by instance A', async () => {
    expect(a.database.kind).toBe('postgres');
    expect(secondDb).not.toBe(a.database);
    const qr = await newQr(a);
    const stream = await openStream(baseA, qr.state);
    expect((await stream.next()).status).toBe('waiting');

    const page = await b.app.inject({ method: 'GET', url: `/api/v1/dev/wechat/scan?state=${qr.state}` });
    expect(page.statusCode).toBe(200);
    expect((await stream.next()).status).toBe('scanned');

    const scan = await devScan(b, qr.state, '跨实例');
    expect(scan.status).toBe(200);
    const done = await stream.next();
    expect(done.status).toBe('complete');
    expect(done.token).toBeTruthy();
    await stream.ended;
    // The session is in the shared database: both instances know it.
    for (const t of [a, b]) {
      const info = await t.call<UserInfo>({ method: 'GET', url: '/api/v1/user/info', token: done.token });
      expect(info.body.data.nickname).toBe('跨实例');
    }
  });

  it('streams of one state on both instances: exactly one of them gets the token', async () => {
    const qr = await newQr(b);
    const onA = await openStream(baseA, qr.state);
    const onB = await openStream(baseB, qr.state);
    await Promise.all([onA.next(), onB.next()]);
    await devScan(a, qr.state, '只发一次');
    const [ea, eb] = await Promise.all([onA.next(), onB.next()]);
    expect([ea.status, eb.status]).toEqual(['complete', 'complete']);
    expect([ea.token, eb.token].filter(Boolean)).toHaveLength(1);
  });

  it('logout on one instance is seen by the other', async () => {
    const qr = await newQr(a);
    await devScan(a, qr.state, '退出跨实例');
    const token = (await (await openStream(baseB, qr.state)).next()).token!;
    await a.call({ method: 'POST', url: '/api/v1/user/logout', token });
    expect((await b.call({ method: 'GET', url: '/api/v1/user/info', token })).status).toBe(401);
  });
});
