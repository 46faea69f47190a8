import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Cookies from 'js-cookie';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth-store';
import { BackendError, createApiClient, HTTP_TIMEOUT_MS } from './api-client';
import { storage } from './storage';

/** A real HTTP server; each test sets how it answers. Nothing here mocks axios's adapter. */
type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
let handler: Handler;
let seen: { method: string; url: string; headers: IncomingMessage['headers'] }[] = [];
let server: Server;
let baseURL: string;

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    // jsdom's XHR is a real cross-origin request from http://localhost:3000.
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'content-type, authorization, x-request-id');
    res.setHeader('access-control-allow-methods', 'GET, POST, PUT, DELETE');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      handler(req, res, body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

let notify: { error: ReturnType<typeof vi.fn> };
let client: ReturnType<typeof createApiClient>;
beforeEach(() => {
  seen = [];
  localStorage.clear();
  useAuthStore.getState().reset();
  notify = { error: vi.fn() };
  client = createApiClient(baseURL, notify as never);
});

describe('HTTP client (SPEC §7–§8)', () => {
  it('sends a fresh X-Request-Id with each request and the stored token as Bearer', async () => {
    storage.set('token', 'tok-123');
    handler = (_q, res) => json(res, 200, { success: true, data: 1, message: 'ok' });
    await client.get('/a');
    await client.get('/a');
    const ids = seen.map((s) => s.headers['x-request-id']);
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(seen[0]?.headers.authorization).toBe('Bearer tok-123');
    expect(seen[0]?.url).toBe('/api/v1/a');
  });

  it('serialises query parameters with qs', async () => {
    handler = (_q, res) => json(res, 200, { success: true, data: null, message: 'ok' });
    await client.get('/list', { params: { page: 2, filter: { status: 'paid' }, ids: [1, 2] } });
    expect(decodeURIComponent(seen[0]!.url)).toBe(
      '/api/v1/list?page=2&filter[status]=paid&ids[0]=1&ids[1]=2',
    );
  });

  it('hands on only data', async () => {
    handler = (_q, res) => json(res, 200, { success: true, data: { x: 1 }, message: 'ok' });
    const res = await client.get('/a');
    expect(res.data).toEqual({ x: 1 });
  });

  it('treats 304 as success and uses a 600000 ms timeout', async () => {
    expect(client.defaults.timeout).toBe(HTTP_TIMEOUT_MS);
    expect(HTTP_TIMEOUT_MS).toBe(600_000);
    expect(client.defaults.validateStatus?.(304)).toBe(true);
    expect(client.defaults.validateStatus?.(300)).toBe(false);
    expect(client.defaults.validateStatus?.(299)).toBe(true);
  });

  it('logs out and raises a backend error on a 2xx answer with success:false', async () => {
    useAuthStore.getState().acceptLogin('tok', { avatar: '', nickname: '甲', userId: 'u1', role: 'user' });
    expect(Cookies.get('token')).toBe('tok');
    handler = (_q, res) => json(res, 200, { success: false, data: null, message: '会话异常' });
    await expect(client.get('/a')).rejects.toBeInstanceOf(BackendError);
    expect(useAuthStore.getState().isLogin).toBe(false);
    expect(storage.get('token')).toBeNull();
    expect(Cookies.get('token')).toBeUndefined();
    expect(notify.error).toHaveBeenCalledWith('会话异常');
  });

  it('retries a GET up to 3 times on 5xx, with no delay', async () => {
    let calls = 0;
    handler = (_q, res) =>
      ++calls < 4
        ? json(res, 503, { message: '忙' })
        : json(res, 200, { success: true, data: 'ok', message: 'ok' });
    const res = await client.get('/flaky');
    expect(res.data).toBe('ok');
    expect(calls).toBe(4);
  });

  it('gives up after 3 retries and shows the server message', async () => {
    handler = (_q, res) => json(res, 502, { success: false, data: null, message: '上游不可用' });
    await expect(client.get('/down')).rejects.toThrow();
    expect(seen).toHaveLength(4);
    expect(notify.error).toHaveBeenCalledWith('上游不可用');
  });

  it('does not retry a POST on 5xx', async () => {
    handler = (_q, res) => json(res, 500, { success: false, data: null, message: '失败' });
    await expect(client.post('/create', { a: 1 })).rejects.toThrow();
    expect(seen).toHaveLength(1);
  });

  it('retries a GET on a network error', async () => {
    let calls = 0;
    handler = (req, res) => {
      if (++calls <= 2) return req.socket.destroy();
      json(res, 200, { success: true, data: 'back', message: 'ok' });
    };
    const res = await client.get('/net');
    expect(res.data).toBe('back');
    expect(calls).toBe(3);
  });

  it('does not retry 4xx and shows the server message', async () => {
    handler = (_q, res) => json(res, 422, { success: false, data: null, message: '点数不足' });
    await expect(client.get('/rule')).rejects.toThrow();
    expect(seen).toHaveLength(1);
    expect(notify.error).toHaveBeenCalledWith('点数不足');
  });

  it('shows 服务器错误 for a bad response without a message', async () => {
    handler = (_q, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('boom');
    };
    await expect(client.post('/x')).rejects.toThrow();
    expect(notify.error).toHaveBeenCalledWith('服务器错误');
  });

  it('on 401 logs out and opens the login modal', async () => {
    useAuthStore.getState().acceptLogin('tok', { avatar: '', nickname: '甲', userId: 'u1', role: 'user' });
    handler = (_q, res) => json(res, 401, { success: false, data: null, message: '登录已失效，请重新登录' });
    await expect(client.get('/me')).rejects.toThrow();
    expect(useAuthStore.getState().isLogin).toBe(false);
    expect(useAuthStore.getState().loginModalVisible).toBe(true);
    expect(notify.error).toHaveBeenCalledWith('登录已失效，请重新登录');
  });
});
