import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { listenMetrics } from '../../src/plugins/metrics.plugin.ts';
import { fakeOpenAI } from '../helpers/fake-openai.ts';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { onPostgres } from '../helpers/test-database.ts';
import { grant, startGeneration, waitFinished, waitFor } from './creation-helpers.ts';
import { listen, newQr, openStream } from './login.helpers.ts';
import { createOrder, payOrder } from './order.fixtures.ts';
import { foodCreator } from './persona.fixtures.ts';
import { type Family, parsePrometheusText, sampleValue } from './prometheus-text.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

async function scrape(t: TestApp, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return { text: res.body, families: parsePrometheusText(res.body) };
}

const requestCount = (families: Map<string, Family>, labels: Record<string, string>) =>
  sampleValue(families, 'http_request_duration_seconds_count', labels) ?? 0;

describe('GET /metrics in tests (open: neither METRICS_TOKEN nor METRICS_PORT)', () => {
  let t: TestApp;
  let user: TestUser;
  let base: string | undefined;
  /** Streams need a real port; the app listens once, on first need. */
  const baseUrl = async () => {
    base ??= await listen(t);
    return base;
  };

  beforeAll(async () => {
    t = await createTestApp({ GENERATION_RATE_PER_MIN: '100' });
    user = await t.signIn();
  });
  afterAll(async () => t.close());

  it('is valid exposition text with the process metrics of prom-client', async () => {
    const { families } = await scrape(t);
    expect(families.get('http_request_duration_seconds')?.type).toBe('histogram');
    expect(families.get('orders_paid_total')?.type).toBe('counter');
    expect(families.get('event_streams_open')?.type).toBe('gauge');
    expect(families.get('nodejs_heap_size_used_bytes')?.samples[0]?.value).toBeGreaterThan(0);
    expect(families.get('process_cpu_user_seconds_total')?.type).toBe('counter');
  });

  it('labels requests by route pattern, method and status, never by the raw URL', async () => {
    const id = '00000000-0000-4000-8000-00000000abcd';
    const missing = await t.call({ method: 'GET', url: `/api/v1/order/${id}`, token: user.token });
    expect(missing.status).toBe(404);
    await t.call({ method: 'GET', url: `/api/v1/order/${id}`, token: user.token });
    await t.call({ method: 'GET', url: '/api/v1/no-such-thing/12345' });
    await t.call({ method: 'GET', url: '/api/v1/health' });

    const { text, families } = await scrape(t);
    const order = { route: '/api/v1/order/:id', method: 'GET', status_code: '404' };
    expect(requestCount(families, order)).toBe(2);
    expect(sampleValue(families, 'http_request_duration_seconds_sum', order)).toBeGreaterThan(0);
    expect(sampleValue(families, 'http_request_duration_seconds_bucket', { ...order, le: '+Inf' })).toBe(2);
    expect(
      requestCount(families, { route: '/api/v1/health', method: 'GET', status_code: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(requestCount(families, { route: 'unmatched', method: 'GET', status_code: '404' })).toBe(1);
    expect(text).not.toContain(id);
    expect(text).not.toContain('12345');
    // Every route label is a pattern or one of the two catch-alls.
    for (const sample of families.get('http_request_duration_seconds')!.samples) {
      expect(sample.labels.route).toMatch(/^(\/api\/v1\/[\w/:.-]*|\/metrics|unmatched|static)$/);
    }
  });

  it('counts a login QR stream while it is open, and not after it closed', async () => {
    const base = await baseUrl();
    const kind = async () =>
      sampleValue((await scrape(t)).families, 'event_streams_open', { kind: 'login_qr' });
    expect(await kind()).toBe(0);

    const qr = await newQr(t);
    const stream = await openStream(base, qr.state);
    expect(stream.status).toBe(200);
    expect(await kind()).toBe(1);
    expect(sampleValue((await scrape(t)).families, 'event_streams_open', { kind: 'order' })).toBe(0);

    stream.close();
    await waitFor(async () => (await kind()) === 0, 5000);
  });

  it('counts an order status stream as kind order', async () => {
    const base = await baseUrl();
    const kind = async (k: string) =>
      sampleValue((await scrape(t)).families, 'event_streams_open', { kind: k });
    const order = await createOrder(t, user);
    const controller = new AbortController();
    const res = await fetch(`${base}/api/v1/order/${order.id}/events`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${user.token}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(await kind('order')).toBe(1);
    expect(await kind('other')).toBe(0);
    controller.abort();
    await waitFor(async () => (await kind('order')) === 0, 5000);
  });

  it('counts a paid order once, after its transaction, however often the payment is confirmed', async () => {
    const paid = async () => sampleValue((await scrape(t)).families, 'orders_paid_total');
    const before = await paid();
    expect(before).toBe(0);
    const order = await createOrder(t, user);
    await payOrder(t, user, order.id);
    expect(await paid()).toBe(0);

    const confirm = () => t.call({ method: 'POST', url: `/api/v1/dev/pay/${order.orderNo}/confirm` });
    expect((await confirm()).status).toBe(200);
    expect(await paid()).toBe(1);
    expect((await confirm()).status).toBe(200);
    expect(await paid()).toBe(1);
  });

  it('counts a script generation and times its model calls', async () => {
    await grant(t, user, 5);
    const id = await startGeneration(t, user, { variants: 2 });
    expect((await waitFinished(t, user, id)).status).toBe('done');

    const { families } = await scrape(t);
    expect(sampleValue(families, 'generations_started_total', { kind: 'script' })).toBe(1);
    expect(sampleValue(families, 'generations_failed_total', { kind: 'script' })).toBe(0);
    expect(sampleValue(families, 'generations_refunded_total', { kind: 'script' })).toBe(0);
    expect(sampleValue(families, 'generations_running', { kind: 'script' })).toBe(0);
    expect(
      sampleValue(families, 'provider_request_duration_seconds_count', {
        provider: 'llm',
        method: 'generateScript',
        outcome: 'ok',
      }),
    ).toBe(2);
    expect(sampleValue(families, 'provider_errors_total', { provider: 'llm' })).toBeUndefined();
  });

  it('reports the database pool (PGlite: one connection, in use)', async () => {
    const { families } = await scrape(t);
    const inUse = sampleValue(families, 'db_pool_connections', { state: 'in_use' });
    const idle = sampleValue(families, 'db_pool_connections', { state: 'idle' });
    expect(sampleValue(families, 'db_pool_waiting_clients')).toBe(0);
    if (onPostgres()) {
      expect(inUse! + idle!).toBeGreaterThanOrEqual(1);
    } else {
      expect([inUse, idle]).toEqual([1, 0]);
    }
  });
});

describe('a failing model: the failure, the refund and the provider error are counted', () => {
  let llm: Awaited<ReturnType<typeof fakeOpenAI>>;
  let t: TestApp;

  beforeAll(async () => {
    llm = await fakeOpenAI(() => ({ status: 400 }));
    t = await createTestApp({
      LLM_MODE: 'openai',
      LLM_BASE_URL: llm.baseURL,
      LLM_API_KEY: 'sk-test',
      LLM_MODEL: 'fake-model',
      LLM_TIMEOUT_MS: '5000',
      COST_PERSONA: '2',
    });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it('a persona analysis that fails is refunded, and the model call counts as an error', async () => {
    const user = await t.signIn();
    await t.app.container.wallet.change({ userId: user.id, delta: 5, reason: 'grant' });
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/persona/analyze',
      token: user.token,
      payload: foodCreator,
    });
    expect(res.status).toBe(502);

    const { families } = await scrape(t);
    const persona = { kind: 'persona' };
    expect(sampleValue(families, 'generations_started_total', persona)).toBe(1);
    expect(sampleValue(families, 'generations_failed_total', persona)).toBe(1);
    expect(sampleValue(families, 'generations_refunded_total', persona)).toBe(1);
    expect(sampleValue(families, 'generation_refunded_credits_total', persona)).toBe(2);
    expect(sampleValue(families, 'generations_running', persona)).toBe(0);
    expect(
      sampleValue(families, 'provider_errors_total', { provider: 'llm', method: 'analyzePersona' }),
    ).toBe(1);
    expect(
      sampleValue(families, 'provider_request_duration_seconds_count', {
        provider: 'llm',
        method: 'analyzePersona',
        outcome: 'error',
      }),
    ).toBe(1);
  });
});

describe('protection of /metrics', () => {
  const apps: TestApp[] = [];
  const app = async (env: Record<string, string>, options?: Parameters<typeof createTestApp>[1]) => {
    const t = await createTestApp(env, options);
    apps.push(t);
    return t;
  };
  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
  });

  it('METRICS_TOKEN: 401 without the token or with a wrong one, 200 with it', async () => {
    const t = await app({ METRICS_TOKEN: TOKEN });
    const get = (authorization?: string) =>
      t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

    const none = await get();
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.json().message).toContain('监控令牌');
    expect((await get(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await get(`Bearer ${TOKEN.slice(0, -1)}`)).statusCode).toBe(401);
    expect((await get(TOKEN)).statusCode).toBe(401);
    expect((await get('Bearer ')).statusCode).toBe(401);

    const { families } = await scrape(t, { authorization: `Bearer ${TOKEN}` });
    expect(families.has('http_request_duration_seconds')).toBe(true);
    // The refusals themselves were answered and counted.
    expect(requestCount(families, { route: '/metrics', status_code: '401' })).toBe(5);
  });

  it('a METRICS_TOKEN shorter than 16 characters stops the start', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      /METRICS_PORT 不能与 PORT 相同/,
    );
  });

  it('METRICS_PORT: not on the main port, served by its own listener (with the token when set)', async () => {
    const t = await app({ METRICS_PORT: '9464', METRICS_TOKEN: TOKEN });
    const main = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(main.statusCode).toBe(404);

    const listener = await listenMetrics(t.app.container.metrics, {
      host: '127.0.0.1',
      port: 0,
      token: TOKEN,
    });
    try {
      const url = `http://127.0.0.1:${listener.port}`;
      expect((await fetch(`${url}/metrics`)).status).toBe(401);
      const ok = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(parsePrometheusText(await ok.text()).has('orders_paid_total')).toBe(true);
      expect((await fetch(`${url}/`)).status).toBe(404);
      expect((await fetch(`${url}/api/v1/health`)).status).toBe(404);
    } finally {
      await listener.close();
    }
  });

  it('production without either setting: 404 (an envelope, not the SPA page)', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'metrics-dist-'));
    writeFileSync(join(dist, 'index.html'), '<html><head><meta name="csp-nonce" content="" /></head></html>');
    try {
      const t = await app({ NODE_ENV: 'production', ALLOW_DEV_PROVIDERS: '1' }, { webDistDir: dist });
      const page = await t.app.inject({ method: 'GET', url: '/dashboard' });
      expect(page.headers['content-type']).toMatch(/text\/html/);
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, data: null });

      const withToken = await app({ NODE_ENV: 'production', ALLOW_DEV_PROVIDERS: '1', METRICS_TOKEN: TOKEN });
      const scraped = await withToken.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(scraped.statusCode).toBe(200);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('each app has a registry of its own: counts of one are not seen by another', async () => {
    const first = await app({});
    const second = await app({});
    await first.call({ method: 'GET', url: '/api/v1/health' });
    await first.call({ method: 'GET', url: '/api/v1/health' });
    const health = { route: '/api/v1/health', status_code: '200' };
    expect(requestCount((await scrape(first)).families, health)).toBe(2);
    expect(requestCount((await scrape(second)).families, health)).toBe(0);
  });
});
