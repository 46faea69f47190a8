import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { foodCreator } from './persona.fixtures.ts';

/**
 * Every event stream of the app (QR status, generation, order, persona analysis) answers with the
 * headers Fastify set for the request (request id, security headers) plus the SSE ones, over a
 * real port; and each gives its stream slot back when the client goes away or the server closes.
 */
describe('event streams keep the headers of the app', () => {
  let t: TestApp;
  let base: string;
  let user: TestUser;
  const open: AbortController[] = [];
  let appClosed = false;

  beforeAll(async () => {
    t = await createTestApp({ COST_SCRIPT: '0', GENERATION_RATE_PER_MIN: '100' });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    user = await t.signIn();
    await t.app.container.wallet.change({ userId: user.id, delta: 10, reason: 'grant' });
  });
  afterAll(async () => {
    for (const c of open) c.abort();
    if (appClosed) await t.database.close();
    else await t.close();
  });

  const auth = () => ({ authorization: `Bearer ${user.token}` });

  /** Opens the stream (its headers only), leaving the body unread until `close`. */
  async function stream(name: string, path: string, init: RequestInit = {}) {
    const controller = new AbortController();
    open.push(controller);
    const res = await fetch(`${base}${path}`, {
      ...init,
      headers: { accept: 'text/event-stream', 'x-request-id': `stream-${name}`, ...init.headers },
      signal: controller.signal,
    });
    return { res, close: () => controller.abort() };
  }

  async function streams() {
    const { body: qr } = await t.call<{ state: string }>({ url: '/api/v1/user/qrcode?type=qr' });
    const { body: products } = await t.call<{ id: string }[]>({ url: '/api/v1/product/list' });
    const { body: order } = await t.call<{ id: string }>({
      method: 'POST',
      url: '/api/v1/order/create',
      token: user.token,
      payload: { productId: products.data[0]!.id },
    });
    const { body: generation } = await t.call<{ id: string }>({
      method: 'POST',
      url: '/api/v1/creator/generate',
      token: user.token,
      payload: {
        topic: '上班族三分钟早餐',
        templateId: 'koubo',
        twist: 'none',
        platform: 'douyin',
        durationSec: 60,
        variants: 1,
      },
    });
    return [
      await stream('qr', `/api/v1/user/qrcode?state=${qr.data.state}`),
      await stream('order', `/api/v1/order/${order.data.id}/events`, { headers: auth() }),
      await stream('creation', `/api/v1/creator/${generation.data.id}/stream`, { headers: auth() }),
      await stream('persona', '/api/v1/persona/analyze', {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify(foodCreator),
      }),
    ];
  }

  it('request id, helmet headers and the SSE headers on all four streams', async () => {
    const opened = await streams();
    for (const [i, name] of ['qr', 'order', 'creation', 'persona'].entries()) {
      const { res } = opened[i]!;
      expect(res.status, name).toBe(200);
      expect(res.headers.get('x-request-id'), name).toBe(`stream-${name}`);
      expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), name).toBe('DENY');
      expect(res.headers.get('content-type'), name).toBe('text/event-stream; charset=utf-8');
      expect(res.headers.get('cache-control'), name).toBe('no-cache, no-transform');
      expect(res.headers.get('x-accel-buffering'), name).toBe('no');
    }
    for (const { close } of opened) close();
    // QR and order streams stay open until the client goes; their slots come back when it does.
    await expect.poll(() => t.app.container.streamCaps.count, { timeout: 5000 }).toBe(0);
  });

  it('closing the server ends the streams still open and gives their slots back', async () => {
    const opened = await streams();
    expect(t.app.container.streamCaps.count).toBeGreaterThanOrEqual(2);
    const bodies = opened.map(({ res }) => res.text().catch(() => ''));
    await t.app.close();
    appClosed = true;
    // Without the preClose that ends them the app would not have closed; each body completes.
    await Promise.all(bodies);
    await expect.poll(() => t.app.container.streamCaps.count, { timeout: 5000 }).toBe(0);
  });
});
