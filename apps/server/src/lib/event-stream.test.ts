import { EventEmitter } from 'node:events';
import { type IncomingMessage, request } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventStreams, type EventStream, type EventStreams } from './event-stream.ts';

/**
 * Just enough of a ServerResponse to drive the stream by hand: what is written, and the
 * backpressure state (`writableNeedDrain`, `writableLength`) a test sets.
 */
class FakeResponse extends EventEmitter {
  chunks: string[] = [];
  headers: Record<string, unknown> = {};
  status = 0;
  writableLength = 0;
  writableNeedDrain = false;
  writableEnded = false;
  destroyed = false;
  writeHead(status: number, headers: Record<string, unknown>) {
    this.status = status;
    this.headers = headers;
    return this;
  }
  flushHeaders() {}
  write(chunk: string) {
    this.chunks.push(chunk);
    return !this.writableNeedDrain;
  }
  end() {
    this.writableEnded = true;
    this.emit('close');
  }
  destroy() {
    this.destroyed = true;
    this.emit('close');
  }
}

function fakeReply(headers: Record<string, string> = {}) {
  const res = new FakeResponse();
  let hijacked = false;
  const reply = {
    raw: res,
    getHeaders: () => headers,
    hijack: () => {
      hijacked = true;
    },
    log: { error: vi.fn(), warn: vi.fn() },
    request: { raw: { socket: { destroyed: false } } },
  } as unknown as FastifyReply;
  return { reply, res, isHijacked: () => hijacked };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('event streams (by hand)', () => {
  it('answers 200 with the headers already on the reply plus the SSE headers, and hijacks', () => {
    const streams = createEventStreams();
    const { reply, res, isHijacked } = fakeReply({
      'x-request-id': 'req-1',
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
    streams.open(reply);
    expect(isHijacked()).toBe(true);
    expect(res.status).toBe(200);
    expect(res.headers).toEqual({
      'x-request-id': 'req-1',
      'x-content-type-options': 'nosniff',
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    streams.closeAll();
  });

  it('writes events, unnamed messages and comments in the wire format the clients parse', () => {
    const streams = createEventStreams();
    const { reply, res } = fakeReply();
    const stream = streams.open(reply);
    stream.send('delta', { text: '你好\n' });
    stream.send(undefined, { status: 'waiting' });
    stream.comment('two\nlines');
    stream.end();
    stream.send('late', {});
    expect(res.chunks).toEqual([
      'event: delta\ndata: {"text":"你好\\n"}\n\n',
      'data: {"status":"waiting"}\n\n',
      ': two lines\n\n',
    ]);
    expect(res.writableEnded).toBe(true);
    expect(stream.open).toBe(false);
  });

  it('one timer writes the heartbeats of every stream of an interval, and goes when the last one does', () => {
    vi.useFakeTimers();
    const streams = createEventStreams({ heartbeatMs: 1000 });
    const opened = Array.from({ length: 1000 }, () => fakeReply());
    const handles = opened.map(({ reply }) => streams.open(reply));
    const odd = fakeReply();
    const oddHandle = streams.open(odd.reply, { heartbeatMs: 300 });
    // One timer per interval, not one per stream.
    expect(vi.getTimerCount()).toBe(2);
    vi.advanceTimersByTime(2000);
    for (const { res } of opened) expect(res.chunks).toEqual([': ping\n\n', ': ping\n\n']);
    expect(odd.res.chunks).toHaveLength(6);

    for (const h of handles.slice(1)) h.end();
    expect(vi.getTimerCount()).toBe(2);
    vi.advanceTimersByTime(1000);
    expect(opened[0]!.res.chunks).toHaveLength(3);
    expect(opened[1]!.res.chunks).toHaveLength(2);
    handles[0]!.end();
    oddHandle.end();
    expect(streams.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('skips heartbeats while earlier writes have not drained, but still runs onHeartbeat', () => {
    vi.useFakeTimers();
    const streams = createEventStreams({ heartbeatMs: 100 });
    const { reply, res } = fakeReply();
    const onHeartbeat = vi.fn();
    const stream = streams.open(reply, { onHeartbeat });
    res.writableNeedDrain = true;
    vi.advanceTimersByTime(300);
    expect(res.chunks).toEqual([]);
    expect(onHeartbeat).toHaveBeenCalledTimes(3);
    // Events are never dropped for backpressure: they keep their order.
    stream.send('order', { n: 1 });
    expect(res.chunks).toEqual(['event: order\ndata: {"n":1}\n\n']);
    res.writableNeedDrain = false;
    vi.advanceTimersByTime(100);
    expect(res.chunks.at(-1)).toBe(': ping\n\n');
    expect(stream.open).toBe(true);
    stream.end();
  });

  it('destroys a stream whose backlog passes the limit, releasing it once', () => {
    const streams = createEventStreams({ maxBufferedBytes: 1000 });
    const { reply, res } = fakeReply();
    const release = vi.fn();
    const stream = streams.open(reply, { release });
    res.writableLength = 900;
    stream.send('delta', { text: 'x' });
    expect(stream.open).toBe(true);
    res.writableLength = 1001;
    stream.send('delta', { text: 'y' });
    expect(res.destroyed).toBe(true);
    expect(stream.open).toBe(false);
    expect(release).toHaveBeenCalledTimes(1);
    stream.send('delta', { text: 'z' });
    stream.end();
    expect(res.chunks).toHaveLength(2);
    expect(res.writableEnded).toBe(false);
    expect(release).toHaveBeenCalledTimes(1);
    expect(streams.size).toBe(0);
  });

  it('closes at once when the client was already gone, and runs a late onClose hook at once', () => {
    const streams = createEventStreams();
    const { reply, res } = fakeReply();
    res.destroyed = true;
    const release = vi.fn();
    const stream = streams.open(reply, { release });
    expect(stream.open).toBe(false);
    expect(release).toHaveBeenCalledTimes(1);
    const hook = vi.fn();
    stream.onClose(hook);
    expect(hook).toHaveBeenCalledTimes(1);
    expect(streams.size).toBe(0);
  });

  it('a failing close hook neither stops the others nor the release', () => {
    const streams = createEventStreams();
    const { reply } = fakeReply();
    const release = vi.fn();
    const stream = streams.open(reply, { release });
    const after = vi.fn();
    stream.onClose(() => {
      throw new Error('boom');
    });
    stream.onClose(after);
    stream.end();
    expect(release).toHaveBeenCalledTimes(1);
    expect(after).toHaveBeenCalledTimes(1);
    expect(reply.log.error).toHaveBeenCalledTimes(1);
  });
});

describe('event streams over a real connection', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** An app whose GET /s opens a stream (and hands it to the test) and hooks like ours set headers. */
  async function serve(streams: EventStreams, onOpen: (stream: EventStream) => void, release = () => {}) {
    app = Fastify();
    app.addHook('onRequest', async (req, reply) => {
      reply.header('x-request-id', req.id);
      reply.header('x-content-type-options', 'nosniff');
    });
    app.addHook('preClose', async () => streams.closeAll());
    app.get('/s', async (_req, reply) => {
      onOpen(streams.open(reply, { release }));
    });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    return new URL(base);
  }

  /** Opens GET /s with node's client; `read` false = never reads a byte of the answer. */
  async function client(url: URL, read: boolean) {
    const req = request({ host: url.hostname, port: url.port, path: '/s' });
    req.on('error', () => {});
    const response = new Promise<IncomingMessage>((resolve) => req.on('response', resolve));
    req.end();
    const res = await response;
    let received = 0;
    res.on('error', () => {});
    if (read) res.on('data', (b: Buffer) => (received += b.length));
    else res.pause();
    return { res, received: () => received };
  }

  it('keeps the headers, writes heartbeats, and on disconnect releases and runs hooks exactly once', async () => {
    const streams = createEventStreams({ heartbeatMs: 20 });
    const release = vi.fn();
    const hook = vi.fn();
    let stream: EventStream | undefined;
    const url = await serve(
      streams,
      (s) => {
        stream = s;
        s.onClose(hook);
      },
      release,
    );
    const { res } = await client(url, false);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    res.setEncoding('utf8');
    let text = '';
    res.on('data', (chunk: string) => (text += chunk));
    res.resume();
    await expect.poll(() => text).toContain(': ping\n\n: ping\n\n');
    expect(streams.size).toBe(1);
    expect(release).not.toHaveBeenCalled();

    res.destroy();
    await expect.poll(() => release.mock.calls.length).toBe(1);
    expect(hook).toHaveBeenCalledTimes(1);
    expect(stream!.open).toBe(false);
    expect(streams.size).toBe(0);
    stream!.end();
    streams.closeAll();
    expect(release).toHaveBeenCalledTimes(1);
    expect(hook).toHaveBeenCalledTimes(1);
  });

  it('closeAll (preClose) ends every open stream, so the server can close', async () => {
    const streams = createEventStreams();
    const release = vi.fn();
    const url = await serve(streams, () => {}, release);
    const answers = await Promise.all([1, 2, 3].map(() => fetch(new URL('/s', url))));
    expect(streams.size).toBe(3);
    // Without closeAll in preClose the server would wait for these answers and never close.
    await app!.close();
    app = undefined;
    const bodies = await Promise.all(answers.map((res) => res.text()));
    expect(bodies).toEqual(['', '', '']);
    expect(release).toHaveBeenCalledTimes(3);
    expect(streams.size).toBe(0);
  }, 10_000);

  /** Writes 64 KB events, one per turn of the event loop, until the stream closes or `total` is sent. */
  async function pump(stream: EventStream, total: number): Promise<number> {
    const chunk = 'x'.repeat(64 * 1024);
    let sent = 0;
    while (stream.open && sent < total) {
      stream.send('delta', { text: chunk });
      sent += chunk.length;
      await new Promise((r) => setImmediate(r));
    }
    return sent;
  }

  it('cuts off a client that does not read once its backlog passes the limit, but not one that reads', async () => {
    const streams = createEventStreams({ maxBufferedBytes: 1024 * 1024 });
    const release = vi.fn();
    let stream: EventStream | undefined;
    const url = await serve(
      streams,
      (s) => {
        stream = s;
      },
      release,
    );
    const limit = 64 * 1024 * 1024;

    const reader = await client(url, true);
    const readerSent = await pump(stream!, 16 * 1024 * 1024);
    expect(readerSent).toBe(16 * 1024 * 1024);
    expect(stream!.open).toBe(true);
    expect(release).not.toHaveBeenCalled();
    stream!.end();
    await expect.poll(() => reader.received()).toBeGreaterThan(16 * 1024 * 1024);
    expect(release).toHaveBeenCalledTimes(1);

    const stuck = await client(url, false);
    // Far more than the socket buffers of both ends hold: the backlog has to pass the limit.
    const stuckSent = await pump(stream!, limit);
    expect(stream!.open).toBe(false);
    expect(release).toHaveBeenCalledTimes(2);
    expect(streams.size).toBe(0);
    // Cut off long before everything was written: nothing piled up without bound.
    expect(stuckSent).toBeLessThan(limit);
    stuck.res.destroy();
  });
});
