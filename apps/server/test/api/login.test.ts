import type { QrStatusEvent, UserInfo } from '@app/contract';
import { eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../src/db/execute-rows.ts';
import { loginStates, sessions } from '../../src/db/tables.ts';
import { LOGIN_QR_OPTIONS } from '../../src/modules/auth/login.service.ts';
import { hashToken } from '../../src/modules/auth/session.service.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { devScan, listen, newQr, openStream, sleep } from './login.helpers.ts';

describe('QR login lifecycle (dev provider)', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://login.test' });
    base = await listen(t);
  });
  afterAll(() => t.close());

  it('makes a QR of ≥128 random bits whose image encodes the dev confirm page', async () => {
    const a = await newQr(t);
    const b = await newQr(t);
    expect(a.state).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Buffer.from(a.state, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(a.state).not.toBe(b.state);
    expect(a.pic).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(a.pic.split(',')[1]!, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // Same content, same options → the same image: the QR holds exactly this link.
    const expected = await QRCode.toDataURL(
      `http://login.test/api/v1/dev/wechat/scan?state=${a.state}`,
      LOGIN_QR_OPTIONS,
    );
    expect(a.pic).toBe(expected);
    const lifetime = new Date(a.expiresAt).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(290_000);
    expect(lifetime).toBeLessThanOrEqual(300_000);
  });

  it('streams waiting → scanned → complete with a working token, then ends', async () => {
    const qr = await newQr(t);
    const stream = await openStream(base, qr.state);
    expect(stream.status).toBe(200);
    expect(await stream.next()).toEqual({ qrcode: qr.state, status: 'waiting' });

    const page = await t.app.inject({ method: 'GET', url: `/api/v1/dev/wechat/scan?state=${qr.state}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // The site's policy, allowing only the inline code carrying this page's nonce.
    const nonce = /<style nonce="([^"]+)"/.exec(page.body)?.[1];
    expect(nonce).toBeDefined();
    expect(page.headers['content-security-policy']).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(page.body).toContain('确认登录');
    expect(page.body).toContain('name="nickname"');
    expect(await stream.next()).toEqual({ qrcode: qr.state, status: 'scanned' });

    const scan = await devScan(t, qr.state, '小满');
    expect(scan.status).toBe(200);
    expect(scan.body.data).toEqual({ status: 'complete' });
    const done = await stream.next();
    expect(done.status).toBe('complete');
    expect(done.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    await stream.ended;

    const info = await t.call<UserInfo>({ method: 'GET', url: '/api/v1/user/info', token: done.token });
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ nickname: '小满', role: 'user', isDistribution: false });
    // Stored only hashed.
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(done.token!)));
    expect(rows).toHaveLength(1);
    const [raw] = await executeRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from sessions where token_hash = ${done.token!}`,
    );
    expect(raw?.n).toBe(0);
  });

  it('hands the token out once: a second stream of a completed state gets no token', async () => {
    const qr = await newQr(t);
    await devScan(t, qr.state, '一次性');
    const first = await openStream(base, qr.state);
    const firstDone = await first.next();
    expect(firstDone).toMatchObject({ status: 'complete' });
    expect(firstDone.token).toBeTruthy();
    await first.ended;

    const second = await openStream(base, qr.state);
    const again = await second.next();
    expect(again.status).toBe('complete');
    expect(again.token).toBeUndefined();
    expect(again.message).toMatch(/已完成登录/);
    await second.ended;
  });

  it('two streams open on one state when it completes: exactly one gets the token', async () => {
    const qr = await newQr(t);
    const a = await openStream(base, qr.state);
    const b = await openStream(base, qr.state);
    await a.next();
    await b.next();
    await devScan(t, qr.state, '并发');
    const [ea, eb] = await Promise.all([a.next(), b.next()]);
    const tokens = [ea, eb].map((e) => e.token).filter(Boolean);
    expect(tokens).toHaveLength(1);
  });

  it('the same nickname is the same user; the welcome credits come once', async () => {
    const login = async () => {
      const qr = await newQr(t);
      await devScan(t, qr.state, '老用户');
      const s = await openStream(base, qr.state);
      return (await s.next()).token!;
    };
    const tokenA = await login();
    const tokenB = await login();
    const a = await t.call<UserInfo>({ method: 'GET', url: '/api/v1/user/info', token: tokenA });
    const b = await t.call<UserInfo>({ method: 'GET', url: '/api/v1/user/info', token: tokenB });
    expect(a.body.data.userId).toBe(b.body.data.userId);
    expect(tokenA).not.toBe(tokenB);
    expect(await t.app.container.wallet.balance(a.body.data.userId)).toBe(t.config.SIGNUP_CREDITS);
  });

  it('a scan without nickname makes a new user each time', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const qr = await newQr(t);
      await devScan(t, qr.state);
      const s = await openStream(base, qr.state);
      const token = (await s.next()).token!;
      const info = await t.call<UserInfo>({ method: 'GET', url: '/api/v1/user/info', token });
      expect(info.body.data.nickname).toMatch(/^体验用户/);
      ids.add(info.body.data.userId);
    }
    expect(ids.size).toBe(2);
  });

  it('a scan is idempotent and a completed QR cannot be scanned into another account', async () => {
    const qr = await newQr(t);
    await devScan(t, qr.state, '甲');
    const again = await devScan(t, qr.state, '乙');
    expect(again.status).toBe(200);
    expect(again.body.data.status).toBe('complete');
    const s = await openStream(base, qr.state);
    const token = (await s.next()).token!;
    const info = await t.call<UserInfo>({ method: 'GET', url: '/api/v1/user/info', token });
    expect(info.body.data.nickname).toBe('甲');
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/dev/wechat/scan?state=${qr.state}` });
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain('已完成登录');
  });

  it('refuses unknown and malformed states clearly, never hanging', async () => {
    const unknown = 'A'.repeat(32);
    const stream = await openStream(base, unknown);
    expect(stream.status).toBe(404);
    expect(JSON.parse(stream.raw)).toMatchObject({
      success: false,
      message: expect.stringMatching(/二维码不存在/),
    });

    const scan = await devScan(t, unknown, '谁');
    expect(scan.status).toBe(404);
    expect(scan.body.message).toMatch(/二维码不存在/);
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/dev/wechat/scan?state=${unknown}` });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('二维码不存在');

    const bad = await t.call({ method: 'GET', url: '/api/v1/user/qrcode?state=short' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/二维码标识无效/);
    const neither = await t.call({ method: 'GET', url: '/api/v1/user/qrcode' });
    expect(neither.status).toBe(400);
    expect(neither.body.message).toMatch(/type=qr/);
    const extra = await t.call({
      method: 'POST',
      url: '/api/v1/dev/wechat/scan',
      payload: { state: unknown, x: 1 },
    });
    expect(extra.status).toBe(400);
    const longName = await devScan(t, unknown, '名'.repeat(21));
    expect(longName.status).toBe(400);
    expect(longName.body.message).toMatch(/昵称最多 20 个字/);
  });

  it('unsubscribes when the browser goes away', async () => {
    const bus = t.database.bus;
    const original = bus.subscribe;
    let active = 0;
    bus.subscribe = async (channel, key, handler) => {
      const off = await original.call(bus, channel, key, handler);
      active++;
      return () => {
        active--;
        off();
      };
    };
    try {
      const qr = await newQr(t);
      const stream = await openStream(base, qr.state);
      await stream.next();
      expect(active).toBe(1);
      stream.close();
      for (let i = 0; i < 40 && active > 0; i++) await sleep(25);
      expect(active).toBe(0);
    } finally {
      bus.subscribe = original;
    }
  });
});

describe('QR expiry', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ QR_EXPIRE_SEC: '1' });
    base = await listen(t);
  });
  afterAll(() => t.close());

  it('a waiting stream says expired after the QR lifetime and ends', async () => {
    const qr = await newQr(t);
    const stream = await openStream(base, qr.state);
    expect((await stream.next()).status).toBe('waiting');
    const expired: QrStatusEvent = await stream.next(4000);
    expect(expired).toEqual({ qrcode: qr.state, status: 'expired' });
    await stream.ended;
    const [row] = await t.database.db.select().from(loginStates).where(eq(loginStates.state, qr.state));
    expect(row?.status).toBe('expired');
  });

  it('an expired QR refuses the scan with a Chinese 422 and its stream ends at once', async () => {
    const qr = await newQr(t);
    await sleep(1200);
    const scan = await devScan(t, qr.state, '迟到');
    expect(scan.status).toBe(422);
    expect(scan.body.message).toMatch(/二维码已过期/);
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/dev/wechat/scan?state=${qr.state}` });
    expect(page.statusCode).toBe(422);
    const stream = await openStream(base, qr.state);
    expect(await stream.next()).toEqual({ qrcode: qr.state, status: 'expired' });
    await stream.ended;
  });

  it('a completed but unclaimed state gives its token only within the QR lifetime', async () => {
    const qr = await newQr(t);
    await devScan(t, qr.state, '慢吞吞');
    await sleep(1200);
    const stream = await openStream(base, qr.state);
    const e = await stream.next();
    expect(e.status).toBe('complete');
    expect(e.token).toBeUndefined();
  });
});

describe('sessions', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    // These tests change session rows behind the app's back: no cached copy may answer for them.
    t = await createTestApp({ SESSION_CACHE_MS: '0' });
    base = await listen(t);
  });
  afterAll(() => t.close());

  const qrLogin = async (nickname: string) => {
    const qr = await newQr(t);
    await devScan(t, qr.state, nickname);
    return (await (await openStream(base, qr.state)).next()).token!;
  };
  const info = (token: string) => t.call<UserInfo>({ method: 'GET', url: '/api/v1/user/info', token });

  it('logout revokes the session on the server', async () => {
    const token = await qrLogin('退出者');
    expect((await info(token)).status).toBe(200);
    const out = await t.call({ method: 'POST', url: '/api/v1/user/logout', token });
    expect(out.status).toBe(200);
    expect(out.body.data).toEqual({ loggedOut: true });
    const after = await info(token);
    expect(after.status).toBe(401);
    expect(after.body.message).toMatch(/登录/);
    // Logging out twice (an already dead session) still succeeds.
    expect((await t.call({ method: 'POST', url: '/api/v1/user/logout', token })).status).toBe(200);
  });

  it('an expired session is refused; a used one slides to 30 days', async () => {
    const token = await qrLogin('会过期');
    const where = eq(sessions.tokenHash, hashToken(token));
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 2 * 86_400_000) })
      .where(where);
    expect((await info(token)).status).toBe(200);
    const [slid] = await t.database.db.select().from(sessions).where(where);
    expect(slid!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);

    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(where);
    expect((await info(token)).status).toBe(401);
  });

  it('another session of the same user survives a logout', async () => {
    const a = await qrLogin('两台电脑');
    const b = await qrLogin('两台电脑');
    await t.call({ method: 'POST', url: '/api/v1/user/logout', token: a });
    expect((await info(a)).status).toBe(401);
    expect((await info(b)).status).toBe(200);
  });
});

describe('QR rate limit', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_PER_MIN: '3' });
    base = await listen(t);
  });
  afterAll(() => t.close());

  it('a burst of QR requests from one address gets 429 in Chinese; status streams do not count', async () => {
    const states: string[] = [];
    for (let i = 0; i < 3; i++) states.push((await newQr(t)).state);
    for (const state of states) {
      const s = await openStream(base, state);
      expect(s.status).toBe(200);
      s.close();
    }
    const over = await t.call({ method: 'GET', url: '/api/v1/user/qrcode?type=qr&code=' });
    expect(over.status).toBe(429);
    expect(over.body.success).toBe(false);
    expect(over.body.message).toMatch(/操作太频繁，请 \d+ 秒后再试/);
  });
});
