import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { onPostgres } from '../helpers/test-database.ts';

type Queued = pg.Client & { _queryQueue: unknown[]; pipeline?: boolean };

/**
 * pg warns "client.query() when the client is already executing a query" (and pg@9 will refuse)
 * when queries are queued on one client. Under a concurrent load no client of ours may do that:
 * each query is counted here at the moment pg would warn, and process warnings are watched too
 * (pg warns once per process, so the counter is what catches a second offender).
 */
describe.runIf(onPostgres())('no concurrent queries on one pg client', () => {
  let t: TestApp;
  const offenders: string[] = [];
  const warnings: string[] = [];
  const original = pg.Client.prototype.query;
  const onWarning = (w: Error) => warnings.push(w.message);

  beforeAll(async () => {
    pg.Client.prototype.query = function (this: Queued, ...args: unknown[]) {
      if (this._queryQueue.length > 0 && !this.pipeline) {
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text;
        offenders.push(String(text).slice(0, 80));
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    process.on('warning', onWarning);
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
    process.off('warning', onWarning);
    pg.Client.prototype.query = original;
  });

  it('subscribes, publishes and serves a burst of requests without queueing on a client', async () => {
    const bus = t.database.bus;
    // Streams opening on many channels at once (QR logins, orders, generations…), as at a peak.
    const channels = ['drill_a', 'drill_b', 'drill_c', 'drill_d', 'drill_e', 'drill_f'];
    const received: unknown[] = [];
    const unsubscribes = await Promise.all(
      channels.flatMap((c) => [1, 2].map((k) => bus.subscribe(c, `k${k}`, (d) => received.push(d)))),
    );
    await Promise.all(channels.map((c) => bus.publish(c, 'k1', { c })));
    const users = await Promise.all(Array.from({ length: 6 }, () => t.signIn()));
    await Promise.all(
      users.flatMap((u) => [
        t.call({ method: 'GET', url: '/api/v1/goods/wallet', token: u.token }),
        t.call({ method: 'GET', url: '/api/v1/persona/list', token: u.token }),
        t.call({ method: 'GET', url: '/api/v1/order/list', token: u.token }),
        t.call({ method: 'GET', url: '/api/v1/creator/list', token: u.token }),
      ]),
    );
    await Promise.all(unsubscribes.map((u) => u()));
    for (let i = 0; i < 50 && received.length < channels.length; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(received).toHaveLength(channels.length);
    expect(offenders).toEqual([]);
    expect(warnings.filter((w) => w.includes('already executing a query'))).toEqual([]);
  });
});
