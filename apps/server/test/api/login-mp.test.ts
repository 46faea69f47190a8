import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { UserInfo } from '@app/contract';
import QRCode from 'qrcode';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { LOGIN_QR_OPTIONS } from '../../src/modules/auth/login.service.ts';
import { createLoginProvider } from '../../src/providers/login/create-login-provider.ts';
import { mpSignature } from '../../src/providers/login/mp-signature.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { listen, newQr, openStream, sleep } from './login.helpers.ts';

const APPID = 'wx_test_appid';
const SECRET = 'test_secret';
const CALLBACK_TOKEN = 'callbacktoken123';

/**
 * A fake WeChat API on 127.0.0.1 speaking the real protocol: stable_token, qrcode/create and
 * user/info, with access_token checks and errcodes as WeChat sends them.
 */
function startFakeWechat() {
  const state = {
    tokenFetches: 0,
    expiresIn: 7200,
    currentToken: '',
    /** When set, the next qrcode/create answers 40001 (token invalid) once. */
    failNextWithBadToken: false,
    /** When set, qrcode/create answers this errcode (e.g. 45009, over the daily quota). */
    qrCreateErrcode: 0,
    qrCreates: [] as { body: Record<string, unknown>; accessToken: string | null; url: string }[],
    userInfoCalls: [] as string[],
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const json = (body: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && url.pathname === '/cgi-bin/stable_token') {
        const body = JSON.parse(raw) as Record<string, unknown>;
        if (body.grant_type !== 'client_credential' || body.appid !== APPID || body.secret !== SECRET) {
          return json({ errcode: 40013, errmsg: 'invalid appid' });
        }
        state.tokenFetches++;
        state.currentToken = `ACCESS_${state.tokenFetches}_${randomBytes(6).toString('hex')}`;
        return json({ access_token: state.currentToken, expires_in: state.expiresIn });
      }
      const accessToken = url.searchParams.get('access_token');
      if (accessToken !== state.currentToken) return json({ errcode: 40001, errmsg: 'invalid credential' });
      if (req.method === 'POST' && url.pathname === '/cgi-bin/qrcode/create') {
        if (state.failNextWithBadToken) {
          state.failNextWithBadToken = false;
          return json({
            errcode: 40001,
            errmsg: 'invalid credential, access_token is invalid or not latest',
          });
        }
        if (state.qrCreateErrcode)
          return json({ errcode: state.qrCreateErrcode, errmsg: 'api freq out of limit' });
        const body = JSON.parse(raw) as Record<string, unknown>;
        const ticket = randomBytes(12).toString('hex');
        const url = `http://weixin.qq.com/q/${ticket}`;
        state.qrCreates.push({ body, accessToken, url });
        return json({ ticket, expire_seconds: body.expire_seconds, url });
      }
      if (req.method === 'GET' && url.pathname === '/cgi-bin/user/info') {
        const openid = url.searchParams.get('openid') ?? '';
        state.userInfoCalls.push(openid);
        return json({ subscribe: 1, openid, unionid: `union_${openid}`, language: 'zh_CN' });
      }
      res.writeHead(404).end();
    });
  });
  return {
    state,
    server,
    async start(): Promise<string> {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const { port } = server.address() as { port: number };
      return `http://127.0.0.1:${port}`;
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A signed callback URL, signed as WeChat signs it. */
function signedQuery(token: string, extra: Record<string, string> = {}) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(5).toString('hex');
  return new URLSearchParams({ signature: mpSignature(token, timestamp, nonce), timestamp, nonce, ...extra });
}

function eventXml(opts: { openid: string; event: 'subscribe' | 'SCAN'; eventKey: string }) {
  return `<xml><ToUserName><![CDATA[gh_0123456789ab]]></ToUserName>
<FromUserName><![CDATA[${opts.openid}]]></FromUserName>
<CreateTime>${Math.floor(Date.now() / 1000)}</CreateTime>
<MsgType><![CDATA[event]]></MsgType>
<Event><![CDATA[${opts.event}]]></Event>
<EventKey><![CDATA[${opts.eventKey}]]></EventKey>
<Ticket><![CDATA[gQH47joAAAAAAAAAASxodHRwOi8vd2VpeGluLnFxLmNvbS9xL2taZ2Z3TVRtNzJXV1Brb3ZhYmJJAAIEZ23sUwMEmm3sUw==]]></Ticket>
</xml>`;
}

describe('mp login provider against a fake WeChat server', () => {
  const wechat = startFakeWechat();
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    const apiBase = await wechat.start();
    t = await createTestApp({
      LOGIN_MODE: 'mp',
      WECHAT_MP_APPID: APPID,
      WECHAT_MP_SECRET: SECRET,
      WECHAT_MP_TOKEN: CALLBACK_TOKEN,
      WECHAT_API_BASE: apiBase,
    });
    base = await listen(t);
  });
  afterAll(async () => {
    await t?.close();
    await wechat.stop();
  });
  beforeEach(() => {
    wechat.state.qrCreates.length = 0;
  });

  const callback = (xml: string, query = signedQuery(CALLBACK_TOKEN)) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/wechat/mp/callback?${query}`,
      headers: { 'content-type': 'text/xml' },
      payload: xml,
    });

  it('creates a QR_STR_SCENE code with scene_str = state and renders the returned url; caches the token', async () => {
    const fetchesBefore = wechat.state.tokenFetches;
    const a = await newQr(t);
    const b = await newQr(t);
    expect(wechat.state.tokenFetches - fetchesBefore).toBeLessThanOrEqual(1);
    expect(wechat.state.qrCreates).toHaveLength(2);
    const created = wechat.state.qrCreates[0]!;
    expect(created.body).toEqual({
      expire_seconds: 300,
      action_name: 'QR_STR_SCENE',
      action_info: { scene: { scene_str: a.state } },
    });
    expect(wechat.state.qrCreates[1]!.body).toMatchObject({ action_info: { scene: { scene_str: b.state } } });
    expect(b.pic).toMatch(/^data:image\/png;base64,/);
    // The dev confirm page does not exist in mp mode.
    const dev = await t.call({ method: 'POST', url: '/api/v1/dev/wechat/scan', payload: { state: a.state } });
    expect(dev.status).toBe(404);
  });

  it('answers the URL check with echostr for a good signature and refuses a bad one', async () => {
    const good = await t.app.inject({
      method: 'GET',
      url: `/api/v1/wechat/mp/callback?${signedQuery(CALLBACK_TOKEN, { echostr: 'echo_123' })}`,
    });
    expect(good.statusCode).toBe(200);
    expect(good.body).toBe('echo_123');
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/v1/wechat/mp/callback?${signedQuery('wrong-token', { echostr: 'echo_123' })}`,
    });
    expect(bad.statusCode).toBe(403);
    expect(bad.body).not.toContain('echo_123');
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/wechat/mp/callback?echostr=x' });
    expect(missing.statusCode).toBe(403);
  });

  it('a new follower (subscribe, qrscene_<state>) completes the login; the stream gets the token', async () => {
    const qr = await newQr(t);
    const stream = await openStream(base, qr.state);
    expect((await stream.next()).status).toBe('waiting');
    const res = await callback(
      eventXml({ openid: 'o_new_follower', event: 'subscribe', eventKey: `qrscene_${qr.state}` }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('success');
    const done = await stream.next();
    expect(done.status).toBe('complete');
    const info = await t.call<UserInfo>({ method: 'GET', url: '/api/v1/user/info', token: done.token });
    expect(info.status).toBe(200);
    const user = await t.app.container.users.require(info.body.data.userId);
    expect(user.openid).toBe('o_new_follower');
    expect(user.unionid).toBe('union_o_new_follower');
    expect(wechat.state.userInfoCalls).toContain('o_new_follower');
  });

  it('an existing follower (SCAN, <state>) logs into the same account', async () => {
    const first = await newQr(t);
    await callback(eventXml({ openid: 'o_regular', event: 'subscribe', eventKey: `qrscene_${first.state}` }));
    const firstToken = (await (await openStream(base, first.state)).next()).token!;
    const qr = await newQr(t);
    const stream = await openStream(base, qr.state);
    await stream.next();
    const res = await callback(eventXml({ openid: 'o_regular', event: 'SCAN', eventKey: qr.state }));
    expect(res.body).toBe('success');
    const token = (await stream.next()).token!;
    const a = await t.call<UserInfo>({ method: 'GET', url: '/api/v1/user/info', token: firstToken });
    const b = await t.call<UserInfo>({ method: 'GET', url: '/api/v1/user/info', token });
    expect(b.body.data.userId).toBe(a.body.data.userId);
    // WeChat repeats a push it did not hear back from: the repeat changes nothing.
    const repeat = await callback(eventXml({ openid: 'o_someone_else', event: 'SCAN', eventKey: qr.state }));
    expect(repeat.body).toBe('success');
  });

  it('refuses a push with a bad signature and leaves the state waiting', async () => {
    const qr = await newQr(t);
    const res = await callback(
      eventXml({ openid: 'o_forger', event: 'SCAN', eventKey: qr.state }),
      signedQuery('not-our-token'),
    );
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toBe('success');
    const row = await t.app.container.login.find(qr.state);
    expect(row?.status).toBe('waiting');
  });

  it('answers success to pushes that are not logins (plain follow, text, unknown state)', async () => {
    const plainFollow = await callback(eventXml({ openid: 'o_plain', event: 'subscribe', eventKey: '' }));
    expect(plainFollow.body).toBe('success');
    const text = await callback(
      '<xml><ToUserName><![CDATA[gh_x]]></ToUserName><FromUserName><![CDATA[o_t]]></FromUserName><CreateTime>1</CreateTime><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[你好]]></Content><MsgId>1</MsgId></xml>',
    );
    expect(text.body).toBe('success');
    const stale = await callback(eventXml({ openid: 'o_old', event: 'SCAN', eventKey: 'B'.repeat(32) }));
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe('success');
  });

  it('WeChat refusing to make a QR is a clear 502, and nothing is stored', async () => {
    wechat.state.qrCreateErrcode = 45009;
    try {
      const res = await t.call({ method: 'GET', url: '/api/v1/user/qrcode?type=qr&code=' });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({
        success: false,
        data: null,
        message: '微信登录服务暂时不可用，请稍后刷新二维码重试',
      });
    } finally {
      wechat.state.qrCreateErrcode = 0;
    }
  });

  it('fetches a new access_token when WeChat calls the cached one invalid', async () => {
    const before = wechat.state.tokenFetches;
    wechat.state.failNextWithBadToken = true;
    const qr = await newQr(t);
    expect(qr.state).toBeTruthy();
    expect(wechat.state.tokenFetches).toBe(before + 1);
  });
});

describe('mp access_token lifetime', () => {
  const wechat = startFakeWechat();
  let t: TestApp;
  beforeAll(async () => {
    const apiBase = await wechat.start();
    // A 2-second token: renewed after half its life, since it is shorter than the early margin.
    wechat.state.expiresIn = 2;
    t = await createTestApp({
      LOGIN_MODE: 'mp',
      WECHAT_MP_APPID: APPID,
      WECHAT_MP_SECRET: SECRET,
      WECHAT_MP_TOKEN: CALLBACK_TOKEN,
      WECHAT_API_BASE: apiBase,
    });
  });
  afterAll(async () => {
    await t?.close();
    await wechat.stop();
  });

  it('is cached until it expires, then fetched again', async () => {
    await Promise.all([newQr(t), newQr(t), newQr(t)]);
    expect(wechat.state.tokenFetches).toBe(1);
    await sleep(1200);
    await newQr(t);
    expect(wechat.state.tokenFetches).toBe(2);
  });

  it('the QR image encodes the url qrcode/create returned', async () => {
    const qr = await newQr(t);
    const created = wechat.state.qrCreates.at(-1)!;
    expect(created.body.action_info).toEqual({ scene: { scene_str: qr.state } });
    const expected = await QRCode.toDataURL(created.url, LOGIN_QR_OPTIONS);
    expect(qr.pic).toBe(expected);
  });
});

describe('mp configuration', () => {
  it('refuses to start without the official account settings, naming them', () => {
    const config = loadConfig({ NODE_ENV: 'test', LOGIN_MODE: 'mp', WECHAT_MP_APPID: 'wx1' });
    expect(() => createLoginProvider(config)).toThrow(ConfigError);
    expect(() => createLoginProvider(config)).toThrow(/WECHAT_MP_SECRET, WECHAT_MP_TOKEN/);
  });
  it('refuses the dev provider in production unless allowed', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/LOGIN_MODE=dev/);
    const allowed = loadConfig({ NODE_ENV: 'production', ALLOW_DEV_PROVIDERS: '1' });
    expect(createLoginProvider(allowed).mode).toBe('dev');
    expect(() => createLoginProvider({ ...allowed, ALLOW_DEV_PROVIDERS: false })).toThrow(
      /ALLOW_DEV_PROVIDERS/,
    );
  });
});
