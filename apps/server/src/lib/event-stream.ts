import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/** Proxies close a connection that stays silent for a minute or so (nginx: 60 s); a comment every 15 s keeps it. */
export const HEARTBEAT_MS = 15_000;

/**
 * What one stream may leave unsent before it counts as a client that does not read. Far above
 * the largest burst we write (a generation or an analysis replayed whole on reconnect is tens of
 * KB), far below what thousands of stuck streams could cost.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  // nginx buffers answers unless told not to; a buffered stream arrives all at once.
  'x-accel-buffering': 'no',
};

/** One open text/event-stream answer. Every write after it closed is dropped. */
export interface EventStream {
  /** False once the stream ended, the client went away, or it stopped reading. */
  readonly open: boolean;
  /** `event: <event>\ndata: <json>\n\n`; without an event name only `data: <json>\n\n` (a `message`). */
  send(event: string | undefined, data: unknown): void;
  /** An SSE comment line (`: <text>`, line breaks made spaces), which clients ignore. */
  comment(text: string): void;
  /** Closes the stream (close hooks run first) and ends the answer. */
  end(): void;
  /** Runs once when the stream closes, for whatever reason; at once if it already has. */
  onClose(hook: () => void): void;
}

export interface OpenEventStreamOptions {
  /** Released exactly once when the stream closes (a stream-cap slot). */
  release?: () => void;
  /** Heartbeat interval of this stream; streams sharing an interval share one timer. */
  heartbeatMs?: number;
  /** Runs on every heartbeat of this stream, e.g. to re-read a state a lost notification left stale. */
  onHeartbeat?: () => void;
}

interface Member {
  /** The pattern of the route that opened it, e.g. /api/v1/order/:id/events (metrics count by it). */
  route: string;
  heartbeat(): void;
  end(): void;
}

/**
 * The event streams of one app. One timer per heartbeat interval writes the heartbeats of every
 * open stream, so ten thousand streams cost a Set entry and a few closures each, not a timer each.
 *
 * Backpressure: events are written in order at once and never dropped; a heartbeat is skipped while
 * the previous writes have not drained (the connection is not idle then, and pings would only pile
 * up). A client whose unsent backlog passes `maxBufferedBytes` is not reading: its connection is
 * destroyed, which closes the stream (the slot is released, hooks run) instead of buffering without
 * bound. Every stream of this app resends its state on reconnect, so nothing is lost by that.
 */
export function createEventStreams(opts: { heartbeatMs?: number; maxBufferedBytes?: number } = {}) {
  const defaultHeartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const maxBuffered = opts.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  const all = new Set<Member>();
  const beats = new Map<number, { members: Set<Member>; timer: NodeJS.Timeout }>();

  const join = (member: Member, ms: number) => {
    all.add(member);
    let group = beats.get(ms);
    if (!group) {
      const members = new Set<Member>();
      const timer = setInterval(() => {
        for (const m of members) m.heartbeat();
      }, ms).unref();
      group = { members, timer };
      beats.set(ms, group);
    }
    group.members.add(member);
  };
  const leave = (member: Member, ms: number) => {
    all.delete(member);
    const group = beats.get(ms);
    if (!group) return;
    group.members.delete(member);
    if (group.members.size === 0) {
      clearInterval(group.timer);
      beats.delete(ms);
    }
  };

  return {
    /**
     * Takes the reply over from Fastify and answers 200 as an event stream. Headers already set
     * on the reply (request id, security headers, rate-limit counters) go along. Anything that
     * should answer as an ordinary error envelope must be checked before this.
     */
    open(reply: FastifyReply, options: OpenEventStreamOptions = {}): EventStream {
      const res: ServerResponse = reply.raw;
      const heartbeatMs = options.heartbeatMs ?? defaultHeartbeatMs;
      const headers: Record<string, string | number | string[]> = {};
      for (const [key, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) headers[key] = value;
      }
      reply.hijack();
      res.writeHead(200, { ...headers, ...SSE_HEADERS });
      // The client learns at once that the stream is open, not with its first event.
      res.flushHeaders();

      let open = true;
      const hooks: (() => void)[] = [];
      if (options.release) hooks.push(options.release);

      const runHook = (hook: () => void) => {
        try {
          hook();
        } catch (error) {
          reply.log.error({ err: error }, 'event stream close hook failed');
        }
      };
      /** Closes the stream and ends the answer: also after a client's close, or its half-open socket lingers. */
      const close = () => {
        if (!open) return;
        open = false;
        leave(member, heartbeatMs);
        for (const hook of hooks.splice(0)) runHook(hook);
        if (!res.writableEnded && !res.destroyed) res.end();
      };
      const write = (chunk: string) => {
        if (!open) return;
        if (res.destroyed || res.writableEnded) return close();
        res.write(chunk);
        if (res.writableLength > maxBuffered) {
          reply.log.warn({ buffered: res.writableLength }, 'event stream client is not reading: closed');
          res.destroy();
          close();
        }
      };
      const member: Member = {
        route: reply.request.routeOptions?.url ?? '',
        heartbeat() {
          if (!open) return;
          try {
            if (!res.writableNeedDrain) write(': ping\n\n');
            if (open) options.onHeartbeat?.();
          } catch (error) {
            reply.log.error({ err: error }, 'event stream heartbeat failed');
            close();
          }
        },
        end: close,
      };

      // The response's close, not the request's (which fires once a POST body is read): the client
      // went away or we ended. A write to a connection reset under us must close it, not the process.
      res.on('close', close);
      res.on('error', close);
      join(member, heartbeatMs);
      // The client may have gone while the route was still reading: 'close' will not fire again.
      if (res.destroyed || reply.request.raw.socket?.destroyed) close();

      return {
        get open() {
          return open && !res.destroyed;
        },
        send(event, data) {
          write(`${event === undefined ? '' : `event: ${event}\n`}data: ${JSON.stringify(data)}\n\n`);
        },
        comment(text) {
          write(`: ${text.replace(/[\r\n]+/g, ' ')}\n\n`);
        },
        end: close,
        onClose(hook) {
          if (open) hooks.push(hook);
          else runHook(hook);
        },
      };
    },
    /** Open streams of this app. */
    get size(): number {
      return all.size;
    },
    /** Open streams by the pattern of the route that opened them. */
    countByRoute(): Map<string, number> {
      const counts = new Map<string, number>();
      for (const { route } of all) counts.set(route, (counts.get(route) ?? 0) + 1);
      return counts;
    },
    /** On shutdown (preClose): end every stream, so that the server does not wait for them. */
    closeAll(): void {
      for (const member of [...all]) member.end();
    },
  };
}
export type EventStreams = ReturnType<typeof createEventStreams>;

/** A client asking for `text/event-stream` (an Accept header) gets the answer as events. */
export function wantsEventStream(req: { headers: { accept?: string } }): boolean {
  return (req.headers.accept ?? '').includes('text/event-stream');
}
