import type { ServerResponse } from 'node:http';
import type { QrStatus, QrStatusEvent } from '@app/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StreamCaps } from '../../lib/stream-caps.ts';
import { type LoginService, qrErrors } from './login.service.ts';

/** Statuses only move forward; a repeated or late event never goes back. */
const RANK: Record<QrStatus, number> = { waiting: 0, scanned: 1, complete: 2, expired: 2 };

/**
 * Open status streams of this instance. One timer writes every heartbeat, so ten thousand streams
 * cost one interval, a Set entry and a closure each: no per-stream polling, no per-stream LISTEN.
 */
export function createStreamHub(heartbeatMs: number) {
  const open = new Set<{ res: ServerResponse; close(): void }>();
  let timer: NodeJS.Timeout | undefined;
  return {
    add(stream: { res: ServerResponse; close(): void }) {
      open.add(stream);
      timer ??= setInterval(() => {
        for (const s of open) s.res.write(': ping\n\n');
      }, heartbeatMs).unref();
    },
    remove(stream: { res: ServerResponse; close(): void }) {
      open.delete(stream);
      if (open.size === 0 && timer) {
        clearInterval(timer);
        timer = undefined;
      }
    },
    get size() {
      return open.size;
    },
    /** On shutdown: end every stream so the server can close. */
    closeAll() {
      for (const s of [...open]) s.close();
    },
  };
}
export type StreamHub = ReturnType<typeof createStreamHub>;

/**
 * GET /user/qrcode?state=: the status stream of one QR state. It subscribes before reading the
 * stored status, so a change landing between the two is never lost; it ends after complete or
 * expired, and unsubscribes when the client goes away.
 */
export async function streamQrStatus(
  req: FastifyRequest,
  reply: FastifyReply,
  state: string,
  deps: { login: LoginService; hub: StreamHub; caps: StreamCaps },
): Promise<void> {
  const { login, hub } = deps;
  // Refused (429) before anything is subscribed when this address or this QR has enough open.
  const release = deps.caps.open({ ip: req.ip, state });
  let lastRank = -1;
  let finished = false;
  let ready = false;
  const early: QrStatus[] = [];
  let expiryTimer: NodeJS.Timeout | undefined;

  let unsubscribe = () => {};
  let row: Awaited<ReturnType<LoginService['find']>>;
  try {
    unsubscribe = await login.subscribe(state, ({ status }) => {
      if (!ready) early.push(status);
      else void handle(status);
    });
    row = await login.find(state);
    if (!row) throw qrErrors.unknown();
  } catch (error) {
    unsubscribe();
    release();
    throw error;
  }

  const res = reply.raw;
  reply.hijack();
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });

  const stream = { res, close: () => end() };
  const end = () => {
    if (finished) return;
    finished = true;
    clearTimeout(expiryTimer);
    unsubscribe();
    release();
    hub.remove(stream);
    if (!res.writableEnded) res.end();
  };
  const send = (event: QrStatusEvent) => {
    if (!res.writableEnded) res.write(`data: ${JSON.stringify(event)}\n\n`);
  };

  async function handle(status: QrStatus): Promise<void> {
    if (finished || RANK[status] <= lastRank) return;
    lastRank = RANK[status];
    try {
      if (status === 'complete') {
        // Nobody to give the token to: leave it unclaimed rather than create a lost session.
        if (res.destroyed) return end();
        const token = await login.claimToken(state);
        send(
          token
            ? { qrcode: state, status, token }
            : { qrcode: state, status, message: '该二维码已完成登录，请刷新二维码后重新扫码' },
        );
        return end();
      }
      send({ qrcode: state, status });
      if (status === 'expired') end();
    } catch (error) {
      req.log.error({ err: error }, 'qr status stream failed');
      end();
    }
  }

  const scheduleExpiry = (at: Date) => {
    expiryTimer = setTimeout(
      async () => {
        if (finished) return;
        try {
          const status = await login.expire(state);
          // The database clock may lag ours by a little: look again shortly.
          if (status === 'waiting' || status === 'scanned') scheduleExpiry(new Date(Date.now() + 1000));
          else if (status) await handle(status);
          else end();
        } catch (error) {
          req.log.error({ err: error }, 'qr expiry check failed');
          end();
        }
      },
      Math.max(0, at.getTime() - Date.now()) + 50,
    );
  };

  res.on('close', end);
  // A write to a connection reset under us must end this stream, not the process.
  res.on('error', end);
  hub.add(stream);
  ready = true;
  // The browser may have gone while we were reading the state: 'close' will not fire again.
  if (res.destroyed || req.raw.socket?.destroyed) return end();
  let initial = row.status;
  if ((initial === 'waiting' || initial === 'scanned') && row.expiresAt <= new Date()) {
    initial = (await login.expire(state).catch(() => undefined)) ?? initial;
  }
  await handle(initial);
  for (const status of early) await handle(status);
  if (!finished) scheduleExpiry(row.expiresAt);
}
