import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Caps on what a client can hold or use up (OWASP API4), over a real port: event streams per
 * address, per user, per QR and per instance; rate limits keyed by the signed-in user; slow
 * clients cut off.
 */
describe('stream caps, per-user rate limits and slow clients', () => {
  let t: TestApp;
  let base: string;
  const streams: AbortController[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: '1',
      STREAM_MAX_PER_IP: '2',
      STREAM_MAX_PER_STATE: '2',
      STREAM_MAX_PER_USER: '2',
      STREAM_MAX_TOTAL: '6',
      LOGIN_RATE_PER_MIN: '2',
      GENERATION_RATE_PER_MIN: '2',
      GENERATION_CONCURRENCY_PER_USER: '10',
      COST_SCRIPT: '0',
      REQUEST_TIMEOUT_MS: '2000',
      HEADERS_TIMEOUT_MS: '1000',
    });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    for (const s of streams) s.abort();
    await t.close();
  });

  /** Opens a stream and keeps it open (until closeAll); answers its status and, if refused, its body. */
  async function open(path: string, headers: Record<string, string>) {
    const controller = new AbortController();
    const res = await fetch(`${base}${path}`, {
      headers: { accept: 'text/event-stream', ...headers },
      signal: controller.signal,
    });
    if (res.status === 200) {
      streams.push(controller);
      return { status: 200, message: '', close: () => controller.abort() };
    }
    const body = (await res.json()) as { success: boolean; message: string };
    expect(body.success).toBe(false);
    return { status: res.status, message: body.message, close: () => {} };
  }
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const closeAll = async () => {
    for (const s of streams.splice(0)) s.abort();
    await expect.poll(() => t.app.container.streamCaps.count, { timeout: 5000 }).toBe(0);
  };

  async function newQr(ip: string): Promise<string> {
    const res = await fetch(`${base}/api/v1/user/qrcode?type=qr`, { headers: from(ip) });
    const body = (await res.json()) as { data: { state: string } };
    return body.data.state;
  }

  it('QR status streams: capped per address and per QR, each with its own Chinese reason', async () => {
    const [a, b, c] = [await newQr('10.0.0.1'), await newQr('10.0.0.1'), await newQr('10.0.0.2')];
    expect((await open(`/api/v1/user/qrcode?state=${a}`, from('10.0.0.1'))).status).toBe(200);
    expect((await open(`/api/v1/user/qrcode?state=${b}`, from('10.0.0.1'))).status).toBe(200);
    const third = await open(`/api/v1/user/qrcode?state=${c}`, from('10.0.0.1'));
    expect(third).toMatchObject({
      status: 429,
      message: '当前网络打开的登录页面太多了，请关闭一些页面后再试',
    });
    // Another address is not affected; but one QR watched from too many places is.
    expect((await open(`/api/v1/user/qrcode?state=${a}`, from('10.0.0.3'))).status).toBe(200);
    const sameQr = await open(`/api/v1/user/qrcode?state=${a}`, from('10.0.0.4'));
    expect(sameQr).toMatchObject({ status: 429, message: '这个二维码已在别的页面打开，请刷新二维码' });
    await closeAll();
    // Slots come back when streams close.
    expect((await open(`/api/v1/user/qrcode?state=${c}`, from('10.0.0.1'))).status).toBe(200);
    await closeAll();
  });

  it('QR status requests are rate limited too, in a bucket of their own', async () => {
    const state = await newQr('10.0.1.1');
    // LOGIN_RATE_PER_MIN=2: QR codes 2 a minute, status requests 12.
    const answers: number[] = [];
    for (let i = 0; i < 13; i++) {
      const res = await fetch(`${base}/api/v1/user/qrcode?state=${state}&code=`, {
        headers: { ...from('10.0.1.1') },
        signal: AbortSignal.timeout(3000),
      }).catch(() => undefined);
      answers.push(res?.status ?? 0);
      await res?.body?.cancel();
    }
    expect(answers.slice(0, 12).every((s) => s === 200)).toBe(true);
    expect(answers[12]).toBe(429);
    await closeAll();
  });

  it("a user's streams are capped per user, and all streams per instance", async () => {
    const [alice, bob] = [await t.signIn(), await t.signIn()];
    const order = async (user: { token: string }) => {
      const { body } = await t.call<{ id: string }>({
        method: 'POST',
        url: '/api/v1/order/create',
        token: user.token,
        payload: { productId: (await products()).id },
      });
      return body.data.id;
    };
    const auth = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` });
    const a1 = await order(alice);
    expect((await open(`/api/v1/order/${a1}/events`, auth(alice))).status).toBe(200);
    expect((await open(`/api/v1/order/${a1}/events`, auth(alice))).status).toBe(200);
    expect(await open(`/api/v1/order/${a1}/events`, auth(alice))).toMatchObject({
      status: 429,
      message: '你同时打开的页面太多了，请关闭一些页面后再试',
    });
    const b1 = await order(bob);
    expect((await open(`/api/v1/order/${b1}/events`, auth(bob))).status).toBe(200);
    // Six in all on this instance: two more from anonymous pages fill it.
    for (const ip of ['10.0.2.1', '10.0.2.2', '10.0.2.3']) {
      const state = await newQr(ip);
      await open(`/api/v1/user/qrcode?state=${state}`, from(ip));
    }
    expect(await open(`/api/v1/order/${b1}/events`, auth(bob))).toMatchObject({
      status: 429,
      message: '当前访问人数较多，请稍后刷新页面再试',
    });
    await closeAll();
  });

  async function products() {
    const { body } = await t.call<{ id: string }[]>({ url: '/api/v1/product/list' });
    return body.data[0]!;
  }

  it('generation limits count per signed-in user: anonymous and malformed calls use none of it', async () => {
    const [alice, bob] = [await t.signIn(), await t.signIn()];
    const generate = (
      token?: string,
      payload: object = {
        topic: '上班族的午餐便当',
        templateId: 'koubo',
        twist: 'none',
        platform: 'douyin',
        durationSec: 60,
        variants: 1,
      },
    ) =>
      fetch(`${base}/api/v1/creator/generate`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...from('10.0.3.1'),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(payload),
      }).then(async (res) => {
        await res.body?.cancel();
        return res.status;
      });
    // Everyone is behind one proxy address; a stranger hammers the endpoint first.
    for (let i = 0; i < 5; i++) expect(await generate()).toBe(401);
    for (let i = 0; i < 5; i++) expect(await generate(alice.token, { topic: 1 })).toBe(400);
    expect(await generate(alice.token)).toBe(200);
    expect(await generate(alice.token)).toBe(200);
    expect(await generate(alice.token)).toBe(429);
    // Bob, behind the same address, has his own bucket.
    expect(await generate(bob.token)).toBe(200);
  });

  it('a client sending its request a byte at a time is cut off', async () => {
    const { port } = new URL(base);
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          'POST /api/v1/creator/generate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n',
        );
        const drip = setInterval(() => socket.writable && socket.write('{'), 1000);
        socket.on('close', () => {
          clearInterval(drip);
          resolve(Date.now() - started);
        });
      });
      socket.on('error', () => {});
      socket.resume();
    });
    // REQUEST_TIMEOUT_MS=2000 here, checked every second.
    expect(closedAfter).toBeLessThan(4500);
  });

  it('the production defaults cut a slow client within 30 s', () => {
    const config = loadConfig({});
    expect(config.REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(29_000);
    expect(config.HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(config.REQUEST_TIMEOUT_MS);
  });
});
