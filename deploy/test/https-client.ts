import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { Agent, request as httpsRequest } from 'node:https';
import { createParser } from 'eventsource-parser';

/**
 * HTTPS to nginx with the test's own CA (node:https: fetch cannot be given a CA in Node 20
 * without undici). Plain JSON calls, and event streams read event by event, whose end (clean or
 * cut by a dying instance) is reported rather than thrown.
 */

export interface Answer<T = unknown> {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The envelope's data when the body is `{ success, data, message }`. */
  data: T;
  message: string;
}

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

export interface EventReader {
  status: number;
  headers: IncomingHttpHeaders;
  /** The next event; undefined once the stream has ended (see `ending`). */
  next(timeoutMs: number): Promise<SseEvent | undefined>;
  /** How the stream ended: 'end' = closed cleanly, 'cut' = the connection broke mid-answer. */
  readonly ending: 'open' | 'end' | 'cut';
  close(): void;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Until the answer's headers arrive; for a stream, no limit once they have. */
  timeoutMs?: number;
  streaming?: boolean;
}

export function createHttpsClient(baseUrl: string, ca: string) {
  const agent = new Agent({ ca, keepAlive: true, maxSockets: 64 });
  /** For a request sent again: a connection of its own. */
  const fresh = new Agent({ ca, keepAlive: false });

  /** Requests sent again because a kept-alive connection closed under them (see send). */
  let resent = 0;

  const sendOnce = (path: string, opts: RequestOptions, body: string | undefined, via = agent) =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpsRequest(new URL(path, baseUrl), {
        method: opts.method ?? (body === undefined ? 'GET' : 'POST'),
        agent: via,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...opts.headers,
        },
        timeout: opts.timeoutMs ?? 15_000,
      });
      req.on('response', (res) => {
        // A stream may then stay quiet for long: its reader times its own waits.
        if (opts.streaming) req.setTimeout(0);
        resolve(res);
      });
      req.on('timeout', () => req.destroy(new Error(`${path}: no answer in ${opts.timeoutMs ?? 15_000} ms`)));
      req.on('error', (error: NodeJS.ErrnoException) => {
        const staleConnection = req.reusedSocket && error.code === 'ECONNRESET';
        error.message = `${error.message} (${error.code}${req.reusedSocket ? ', reused connection' : ''})`;
        reject(Object.assign(error, { staleConnection }));
      });
      req.end(body);
    });

  /**
   * A kept-alive connection the server closed just as this request went out fails before any
   * answer (ECONNRESET on a reused socket). Browsers then send the request again on a new
   * connection, whatever its method, and so does this client, once (Node's documented pattern,
   * `request.reusedSocket`). nginx closes idle client connections when it reloads.
   */
  const send = async (path: string, opts: RequestOptions): Promise<IncomingMessage> => {
    const body =
      opts.body === undefined
        ? undefined
        : typeof opts.body === 'string'
          ? opts.body
          : JSON.stringify(opts.body);
    try {
      return await sendOnce(path, opts, body);
    } catch (error) {
      if (!(error as { staleConnection?: boolean }).staleConnection) throw error;
      resent++;
      return sendOnce(path, opts, body, fresh);
    }
  };

  return {
    baseUrl,
    /** How many requests were sent again after a kept-alive connection closed under them. */
    get resent() {
      return resent;
    },
    async request<T = unknown>(path: string, opts: RequestOptions = {}): Promise<Answer<T>> {
      const res = await send(path, opts);
      let text = '';
      res.setEncoding('utf8');
      for await (const chunk of res) text += chunk;
      let envelope: { data?: T; message?: string } = {};
      if ((res.headers['content-type'] ?? '').includes('json') && text) {
        try {
          envelope = JSON.parse(text);
        } catch {
          // not an envelope: the text is kept
        }
      }
      return {
        status: res.statusCode ?? 0,
        headers: res.headers,
        text,
        data: envelope.data as T,
        message: envelope.message ?? '',
      };
    },

    /** Opens an event stream; resolves once its headers arrived (events are read with next()). */
    async events(path: string, opts: RequestOptions = {}): Promise<EventReader> {
      const res = await send(path, {
        ...opts,
        headers: { accept: 'text/event-stream', ...opts.headers },
        // A proxy that buffers the stream sends not even its headers: fail fast then.
        timeoutMs: opts.timeoutMs ?? 10_000,
        streaming: true,
      });
      const queue: SseEvent[] = [];
      let ending: EventReader['ending'] = 'open';
      let wake: (() => void) | undefined;
      const parser = createParser({
        onEvent(e) {
          queue.push({ event: e.event ?? 'message', data: JSON.parse(e.data) });
          wake?.();
        },
      });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => parser.feed(chunk));
      // A response cut before its last chunk ('aborted' / an error) is not a clean end.
      res.on('aborted', () => {
        if (ending === 'open') ending = 'cut';
      });
      res.on('error', () => {
        if (ending === 'open') ending = 'cut';
        wake?.();
      });
      res.on('close', () => {
        if (ending === 'open') ending = res.complete ? 'end' : 'cut';
        wake?.();
      });
      return {
        status: res.statusCode ?? 0,
        headers: res.headers,
        get ending() {
          return ending;
        },
        async next(timeoutMs) {
          const deadline = Date.now() + timeoutMs;
          while (queue.length === 0 && ending === 'open') {
            const left = deadline - Date.now();
            if (left <= 0) throw new Error(`${path}: no event in ${timeoutMs} ms`);
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, left);
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
            wake = undefined;
          }
          return queue.shift();
        },
        close() {
          if (ending === 'open') ending = 'end';
          res.destroy();
          wake?.();
        },
      };
    },

    close() {
      agent.destroy();
      fresh.destroy();
    },
  };
}
export type HttpsClient = ReturnType<typeof createHttpsClient>;
