import type { FastifyReply, FastifyRequest } from 'fastify';

/** A client asking for `text/event-stream` gets the analysis as it is written. */
export function wantsEventStream(req: FastifyRequest): boolean {
  return (req.headers.accept ?? '').includes('text/event-stream');
}

export interface EventStream {
  send(event: string, data: unknown): void;
  end(): void;
  /** False once the client went away: writes are then dropped. */
  readonly open: boolean;
}

/** Proxies would otherwise close a connection that stays silent while a model is thinking. */
const HEARTBEAT_MS = 15_000;

/**
 * Takes the reply over from Fastify and opens an SSE stream on it. Headers Fastify already set
 * (request id, rate-limit counters) go along.
 */
export function openEventStream(reply: FastifyReply): EventStream {
  reply.hijack();
  const raw = reply.raw;
  const headers: Record<string, string | number | string[]> = {};
  for (const [key, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[key] = value;
  }
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx buffers responses unless told not to; a buffered stream arrives all at once.
    'x-accel-buffering': 'no',
  });
  let open = true;
  const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
  const close = () => {
    open = false;
    clearInterval(heartbeat);
  };
  // The response's close (not the request's, which fires once a POST body is read) means the
  // client went away or we ended.
  raw.once('close', close);

  function write(chunk: string) {
    if (open && !raw.destroyed) raw.write(chunk);
  }

  return {
    get open() {
      return open && !raw.destroyed;
    },
    send(event, data) {
      write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      const wasOpen = open;
      close();
      if (wasOpen && !raw.writableEnded) raw.end();
    },
  };
}
