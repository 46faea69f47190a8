import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EventSourceMessage } from 'eventsource-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth-store';
import { createSseReader, SSE_NETWORK_ERROR, SseError } from './sse';
import { storage } from './storage';

/** A real HTTP server; each test sets how it answers. Nothing here mocks fetch. */
type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
let handler: Handler;
let seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
let server: Server;
let readSse: ReturnType<typeof createSseReader>;

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const stream = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream' });

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  readSse = createSseReader(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`);
});
afterAll(
  () =>
    new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    }),
);

beforeEach(() => {
  seen = [];
  localStorage.clear();
  useAuthStore.getState().reset();
});

const login = () =>
  useAuthStore.getState().acceptLogin('tok', { avatar: '', nickname: '甲', userId: 'u1', role: 'user' });

async function collect(path: string, options: { params?: Record<string, string>; body?: unknown } = {}) {
  const events: EventSourceMessage[] = [];
  await readSse(path, { ...options, onEvent: (e) => events.push(e) });
  return events;
}

describe('readSse', () => {
  it('GETs with the query, the Bearer token and a request id, and parses events split anyhow', async () => {
    storage.set('token', 'tok-123');
    handler = (_q, res) => {
      stream(res);
      res.write(': ping\r\r');
      res.write('event: delta\ndata: {"a"');
      setTimeout(() => res.end(':1}\r\n\r\ndata: two\n\n'), 20);
    };
    const events = await collect('/watch', { params: { state: 's 1', code: 'X' } });
    expect(events.map((e) => [e.event, e.data])).toEqual([
      ['delta', '{"a":1}'],
      [undefined, 'two'],
    ]);
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.url).toBe('/api/v1/watch?state=s+1&code=X');
    expect(seen[0]?.headers.authorization).toBe('Bearer tok-123');
    expect(seen[0]?.headers.accept).toBe('text/event-stream');
    expect(seen[0]?.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('POSTs the body as JSON when one is given', async () => {
    handler = (_q, res) => {
      stream(res);
      res.end('data: ok\n\n');
    };
    const events = await collect('/analyze', { body: { url: 'u' } });
    expect(events.map((e) => e.data)).toEqual(['ok']);
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0]!.body)).toEqual({ url: 'u' });
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('rejects a refusal with its status and the server message, or the status when there is none', async () => {
    handler = (_q, res) => json(res, 422, { success: false, data: null, message: '点数不足' });
    const refused = await collect('/analyze', { body: {} }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SseError);
    expect(refused).toMatchObject({ status: 422, message: '点数不足' });

    handler = (_q, res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>bad</h1>');
    await expect(collect('/watch')).rejects.toMatchObject({ status: 502, message: '请求失败（502）' });
  });

  it.each([
    ['GET', {}],
    ['POST', { body: {} }],
  ])('on 401 (%s) logs out and opens the login modal, as the API client does', async (_m, options) => {
    login();
    handler = (_q, res) => json(res, 401, { success: false, data: null, message: '登录已失效，请重新登录' });
    await expect(collect('/me', options)).rejects.toMatchObject({
      status: 401,
      message: '登录已失效，请重新登录',
    });
    expect(useAuthStore.getState().isLogin).toBe(false);
    expect(useAuthStore.getState().loginModalVisible).toBe(true);
    expect(storage.get('token')).toBeNull();
  });

  it.each([
    ['GET', {}],
    ['POST', { body: {} }],
  ])('turns a connection that fails (%s) into a network SseError without status', async (_m, options) => {
    handler = (req) => req.socket.destroy();
    const error = await collect('/watch', options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SseError);
    expect(error).toMatchObject({ status: undefined, message: SSE_NETWORK_ERROR });
    expect(useAuthStore.getState().loginModalVisible).toBe(false);
  });

  it('turns a stream that breaks off into the same network SseError, after the events it got', async () => {
    const events: string[] = [];
    handler = (req, res) => {
      stream(res);
      res.write('data: first\n\n');
      setTimeout(() => req.socket.destroy(), 20);
    };
    const error = await readSse('/watch', { onEvent: (e) => events.push(e.data) }).catch((e: unknown) => e);
    expect(events).toEqual(['first']);
    expect(error).toBeInstanceOf(SseError);
    expect(error).toMatchObject({ status: undefined, message: SSE_NETWORK_ERROR });
  });

  it('lets what onEvent throws reach the caller as it is', async () => {
    handler = (_q, res) => {
      stream(res);
      res.write('data: bad\n\n');
    };
    const thrown = new Error('invalid event');
    await expect(
      readSse('/watch', {
        onEvent() {
          throw thrown;
        },
      }),
    ).rejects.toBe(thrown);
  });

  it('rejects with the abort itself, not a network error, once the caller aborts', async () => {
    handler = (_q, res) => {
      stream(res);
      res.write('data: first\n\n');
    };
    const controller = new AbortController();
    const error = await readSse('/watch', {
      signal: controller.signal,
      onEvent: () => controller.abort(),
    }).catch((e: unknown) => e);
    expect(controller.signal.aborted).toBe(true);
    expect(error).not.toBeInstanceOf(SseError);
    expect((error as Error).name).toBe('AbortError');
  });
});
