import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Health, UserInfo } from '@app/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type Database, openPglite } from '../../src/db/database.ts';
import { isLoopbackIp } from '../../src/lib/dev-access.ts';
import { createUserRepository } from '../../src/modules/user/user.repository.ts';
import { devProfile } from '../../src/providers/login/dev-login.provider.ts';
import { startFakeWechatPay } from '../helpers/fake-wechat-pay.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTestDatabase, onPostgres } from '../helpers/test-database.ts';
import { devScan, newQr } from './login.helpers.ts';

/**
 * Demo mode (dev login / dev payment) cannot pass for production: in production a dev-login
 * account is never an admin, the dev pages answer only this machine unless
 * ALLOW_DEV_PROVIDERS=public, and /health tells everyone it is a demo but only admins what runs.
 */

const PRODUCTION = { NODE_ENV: 'production', ALLOW_DEV_PROVIDERS: '1' };
const OUTSIDER = '203.0.113.7';
const ORDER_NO = 'JB00000000000000000000';

let database: Database;
const apps: TestApp[] = [];
async function app(env: Record<string, string>) {
  const t = await createTestApp(env, { database });
  apps.push(t);
  return t;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const t of apps) await t.close();
  await database.close();
});

/** Signs in through the dev login exactly as a browser does (scan, then the token the stream claims). */
async function devLogin(t: TestApp, nickname: string) {
  const qr = await newQr(t);
  const scan = await devScan(t, qr.state, nickname);
  expect(scan.status).toBe(200);
  const token = await t.app.container.login.claimToken(qr.state);
  if (!token) throw new Error('no token after the dev scan');
  const info = await t.call<UserInfo>({ method: 'GET', url: '/api/v1/user/info', token });
  return { token, userId: info.body.data.userId };
}

describe('production: a dev-login account is never an admin', () => {
  it('refuses admin calls to a dev-login account granted admin, and shows it as a plain user', async () => {
    const t = await app(PRODUCTION);
    const { token, userId } = await devLogin(t, '冒充的管理员');
    // What `npm run admin -- grant <userId>` does.
    expect(await t.app.container.users.grantAdmin(userId)).toBe(true);

    const list = await t.call({ method: 'GET', url: '/api/v1/internal/list', token });
    expect(list.status).toBe(403);
    expect(list.body).toEqual({ success: false, data: null, message: '仅管理员可以进行此操作' });
    const info = await t.call<UserInfo>({ method: 'GET', url: '/api/v1/user/info', token });
    expect(info.body.data.role).toBe('user');

    // Anyone typing the same nickname lands in the same account: still no admin.
    const again = await devLogin(t, '冒充的管理员');
    expect(again.userId).toBe(userId);
    expect((await t.call({ method: 'GET', url: '/api/v1/internal/list', token: again.token })).status).toBe(
      403,
    );
  });

  it('still lets a real (non-dev) admin in, in production', async () => {
    const t = await app(PRODUCTION);
    const admin = await t.signIn({ admin: true });
    const list = await t.call({ method: 'GET', url: '/api/v1/internal/list', token: admin.token });
    expect(list.status).toBe(200);
  });

  it('keeps local demos as they are: outside production a dev-login admin is an admin', async () => {
    const t = await app({});
    const { token, userId } = await devLogin(t, '本地演示管理员');
    await t.app.container.users.grantAdmin(userId);
    expect((await t.call({ method: 'GET', url: '/api/v1/internal/list', token })).status).toBe(200);
  });
});

describe('npm run admin -- grant, in production', () => {
  const serverDir = fileURLToPath(new URL('../..', import.meta.url));
  const grant = (dataDir: string, userId: string) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', 'grant', userId], {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ALLOW_DEV_PROVIDERS: '1',
        PGLITE_DIR: dataDir,
        DATABASE_URL: '',
      },
    }).then(
      ({ stdout }) => ({ code: 0, output: stdout }),
      (error: { code: number; stderr: string }) => ({ code: error.code, output: error.stderr }),
    );

  it('refuses a dev-login account and grants a real one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'admin-cli-'));
    try {
      const db = await openPglite({ dataDir: dir });
      const users = createUserRepository();
      const dev = await users.upsertByOpenid(db.db, devProfile('冒充的管理员'));
      const real = await users.upsertByOpenid(db.db, {
        openid: 'o6_bmjrPTlm6_2sgVt7hMZOPfL2M',
        nickname: '店长',
        avatar: '',
      });
      await db.close();

      const refused = await grant(dir, dev.user.id);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/模拟登录创建.*生产环境下不能设为管理员/);
      const granted = await grant(dir, real.user.id);
      expect(granted).toMatchObject({ code: 0, output: expect.stringMatching(/已将用户 .* 设为管理员/) });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('dev pages and calls answer only this machine in production', () => {
  const devCalls: InjectOptions[] = [
    { method: 'GET', url: '/api/v1/dev/wechat/scan?state=abcdefghijklmnopqrstuvwxyz012345' },
    {
      method: 'POST',
      url: '/api/v1/dev/wechat/scan',
      payload: { state: 'abcdefghijklmnopqrstuvwxyz012345' },
    },
    { method: 'GET', url: `/api/v1/dev/pay/${ORDER_NO}` },
    { method: 'POST', url: `/api/v1/dev/pay/${ORDER_NO}/confirm` },
  ];
  const call = async (t: TestApp, opts: InjectOptions) => {
    const res = await t.app.inject(opts);
    return {
      status: res.statusCode,
      body: String(res.headers['content-type']).includes('json') ? res.json() : null,
    };
  };

  it('refuses a caller from another machine with a Chinese 403 envelope', async () => {
    const t = await app(PRODUCTION);
    for (const opts of devCalls) {
      const res = await call(t, { ...opts, remoteAddress: OUTSIDER });
      expect(res.status, `${opts.method} ${opts.url}`).toBe(403);
      expect(res.body).toEqual({
        success: false,
        data: null,
        message: '模拟登录和模拟支付仅限在服务器本机使用，其他设备无法打开，请联系网站管理员',
      });
    }
    // A call that is not a dev one is not affected.
    expect((await call(t, { method: 'GET', url: '/api/v1/health', remoteAddress: OUTSIDER })).status).toBe(
      200,
    );
  });

  it('answers loopback callers (IPv4, IPv6, IPv4-mapped IPv6)', async () => {
    const t = await app(PRODUCTION);
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      for (const opts of devCalls) {
        const res = await call(t, { ...opts, remoteAddress });
        // Past the door: the route's own answer (unknown QR, unknown order…), never the 403.
        expect(res.status, `${remoteAddress} ${opts.method} ${opts.url}`).not.toBe(403);
      }
    }
  });

  it('does not take a forwarded request for a local one unless TRUST_PROXY says who the client is', async () => {
    const untrusted = await app(PRODUCTION);
    const forwarded = { 'x-forwarded-for': OUTSIDER };
    const viaProxy = await call(untrusted, {
      ...devCalls[2]!,
      remoteAddress: '127.0.0.1',
      headers: forwarded,
    });
    expect(viaProxy.status).toBe(403);

    const trusted = await app({ ...PRODUCTION, TRUST_PROXY: '1' });
    const outside = await call(trusted, { ...devCalls[2]!, remoteAddress: '127.0.0.1', headers: forwarded });
    expect(outside.status).toBe(403);
    const local = await call(trusted, {
      ...devCalls[2]!,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(local.status).toBe(404);
  });

  it('opens them to everyone with ALLOW_DEV_PROVIDERS=public, and outside production', async () => {
    const envs: Record<string, string>[] = [{ NODE_ENV: 'production', ALLOW_DEV_PROVIDERS: 'public' }, {}];
    for (const env of envs) {
      const t = await app(env);
      for (const opts of devCalls) {
        const res = await call(t, { ...opts, remoteAddress: OUTSIDER });
        expect(res.status, `${JSON.stringify(env)} ${opts.method} ${opts.url}`).not.toBe(403);
      }
    }
  });

  it('reads ALLOW_DEV_PROVIDERS as 0/1/true/false/public', () => {
    const allow = (value?: string) =>
      loadConfig({ NODE_ENV: 'production', ...(value === undefined ? {} : { ALLOW_DEV_PROVIDERS: value }) })
        .ALLOW_DEV_PROVIDERS;
    expect(allow('1')).toBe('loopback');
    expect(allow('true')).toBe('loopback');
    expect(allow('public')).toBe('public');
    expect(() => allow('0')).toThrow(/ALLOW_DEV_PROVIDERS=public/);
    expect(() => allow('false')).toThrow(/ALLOW_DEV_PROVIDERS/);
    expect(() => allow()).toThrow(/ALLOW_DEV_PROVIDERS/);
    expect(() => allow('yes')).toThrow(/ALLOW_DEV_PROVIDERS: 应为 0、1、true、false 或 public/);
    expect(loadConfig({}).ALLOW_DEV_PROVIDERS).toBe(false);
  });

  it('knows loopback addresses', () => {
    for (const ip of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.1'])
      expect(isLoopbackIp(ip), ip).toBe(true);
    for (const ip of ['10.0.0.1', '192.168.1.2', '::ffff:10.0.0.1', '0.0.0.0', '::', '1127.0.0.1', 'fe80::1'])
      expect(isLoopbackIp(ip), ip).toBe(false);
  });
});

describe('/health: a public demo flag, the build and database only for admins', () => {
  it('tells a visitor it is a demo and which channels, but not the version or database', async () => {
    const t = await app({});
    const { status, body } = await t.call<Health>({ method: 'GET', url: '/api/v1/health' });
    expect(status).toBe(200);
    expect(body.data).toEqual({
      status: 'ok',
      demo: true,
      devChannels: ['login', 'pay'],
      uptimeSec: expect.any(Number),
    });
    const user = await t.signIn();
    const signedIn = await t.call<Health>({ method: 'GET', url: '/api/v1/health', token: user.token });
    expect(signedIn.body.data).not.toHaveProperty('version');
    expect(signedIn.body.data).not.toHaveProperty('database');
  });

  it('tells a signed-in admin the version and database', async () => {
    const t = await app({});
    const admin = await t.signIn({ admin: true });
    const { body } = await t.call<Health>({ method: 'GET', url: '/api/v1/health', token: admin.token });
    expect(body.data).toMatchObject({
      demo: true,
      version: '0.0.4',
      database: onPostgres() ? 'postgres' : 'pglite',
    });
  });

  it('names only the channels that are dev ones', async () => {
    const t = await app({
      LOGIN_MODE: 'mp',
      WECHAT_MP_APPID: 'wx0000000000000000',
      WECHAT_MP_SECRET: 'secret',
      WECHAT_MP_TOKEN: 'token',
    });
    const { body } = await t.call<Health>({ method: 'GET', url: '/api/v1/health' });
    expect(body.data).toMatchObject({ demo: true, devChannels: ['pay'] });
  });

  it('is no demo on the real providers', async () => {
    const fake = await startFakeWechatPay();
    try {
      const t = await app({
        NODE_ENV: 'production',
        LOGIN_MODE: 'mp',
        WECHAT_MP_APPID: 'wx0000000000000000',
        WECHAT_MP_SECRET: 'secret',
        WECHAT_MP_TOKEN: 'token',
        ...fake.env(),
      });
      const { body } = await t.call<Health>({ method: 'GET', url: '/api/v1/health' });
      expect(body.data).toEqual({
        status: 'ok',
        demo: false,
        devChannels: [],
        uptimeSec: expect.any(Number),
      });
    } finally {
      await fake.close();
    }
  });
});
