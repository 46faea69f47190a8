import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { onPostgres } from '../helpers/test-database.ts';

describe('skeleton conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports health to anyone, and the version and database only to an admin', async () => {
    const { status, body } = await t.call({ method: 'GET', url: '/api/v1/health' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, message: 'ok' });
    expect(body.data).toMatchObject({ status: 'ok', demo: true });
    expect(body.data).not.toHaveProperty('version');
    expect(body.data).not.toHaveProperty('database');
    const admin = await t.signIn({ admin: true });
    const asAdmin = await t.call({ method: 'GET', url: '/api/v1/health', token: admin.token });
    expect(asAdmin.body.data).toMatchObject({
      status: 'ok',
      version: '0.0.4',
      database: onPostgres() ? 'postgres' : 'pglite',
    });
  });

  it('echoes a client X-Request-Id and makes one when absent', async () => {
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'req-abc.1' },
    });
    expect(given.headers['x-request-id']).toBe('req-abc.1');
    const made = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const { status, body } = await t.call({ method: 'GET', url: '/api/v1/no/such/thing' });
    expect(status).toBe(404);
    expect(body).toEqual({ success: false, data: null, message: '接口不存在：GET /api/v1/no/such/thing' });
  });

  it('refuses a call without a session with 401 and success:false', async () => {
    const { status, body } = await t.call({ method: 'GET', url: '/api/v1/user/info' });
    expect(status).toBe(401);
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/登录/);
  });

  it('serves user info for a session', async () => {
    const user = await t.signIn({ nickname: '小满' });
    const { status, body } = await t.call({ method: 'GET', url: '/api/v1/user/info', token: user.token });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ userId: user.id, nickname: '小满', role: 'user' });
  });

  it('documents the API as OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/api/v1/user/info');
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/html/);
  });
});

describe('configuration', () => {
  it('names the variable with a bad value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });
  it('refuses dev providers in production unless allowed', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ALLOW_DEV_PROVIDERS/);
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_DEV_PROVIDERS: '1' }).NODE_ENV).toBe('production');
  });
});

describe('malformed ids', () => {
  it('answer 404, not 500, wherever they reach a query', async () => {
    const t = await createTestApp();
    try {
      const user = await t.signIn();
      for (const url of [
        '/api/v1/persona/not-a-uuid',
        '/api/v1/creator/not-a-uuid',
        '/api/v1/order/not-a-uuid',
      ]) {
        const { status, body } = await t.call({ method: 'GET', url, token: user.token });
        expect(status, url).toBe(404);
        expect(body.success).toBe(false);
      }
    } finally {
      await t.close();
    }
  });
});
