import type { QrStatus, QrStatusEvent } from '@app/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { EventStreams } from '../../lib/event-stream.ts';
import type { StreamCaps } from '../../lib/stream-caps.ts';
import { type LoginService, qrErrors } from './login.service.ts';

/** Statuses only move forward; a repeated or late event never goes back. */
const RANK: Record<QrStatus, number> = { waiting: 0, scanned: 1, complete: 2, expired: 2 };

/**
 * GET /user/qrcode?state=: the status stream of one QR state. It subscribes before reading the
 * stored status, so a change landing between the two is never lost; it ends after complete or
 * expired, and unsubscribes when the client goes away.
 */
export async function streamQrStatus(
  req: FastifyRequest,
  reply: FastifyReply,
  state: string,
  deps: { login: LoginService; streams: EventStreams; caps: StreamCaps; heartbeatMs?: number },
): Promise<void> {
  const { login } = deps;
  // Refused (429) before anything is subscribed when this address or this QR has enough open.
  const release = deps.caps.open({ ip: req.ip, state });
  let lastRank = -1;
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

  const stream = deps.streams.open(reply, { release, heartbeatMs: deps.heartbeatMs });
  stream.onClose(() => {
    clearTimeout(expiryTimer);
    unsubscribe();
  });
  const end = () => stream.end();
  const send = (event: QrStatusEvent) => stream.send(undefined, event);

  /** The token, or why there is none (already handed out, or the account is disabled). */
  async function claim(status: QrStatus): Promise<QrStatusEvent> {
    try {
      const token = await login.claimToken(state);
      return token
        ? { qrcode: state, status, token }
        : { qrcode: state, status, message: '该二维码已完成登录，请刷新二维码后重新扫码' };
    } catch (error) {
      if (error instanceof AppError) return { qrcode: state, status, message: error.message };
      throw error;
    }
  }

  async function handle(status: QrStatus): Promise<void> {
    // Nobody to give a token to: a complete is left unclaimed rather than create a lost session.
    if (!stream.open) return end();
    if (RANK[status] <= lastRank) return;
    lastRank = RANK[status];
    try {
      if (status === 'complete') {
        send(await claim(status));
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
        if (!stream.open) return;
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

  ready = true;
  // The browser may have gone while we were reading the state: the stream is closed already.
  if (!stream.open) return end();
  let initial = row.status;
  if ((initial === 'waiting' || initial === 'scanned') && row.expiresAt <= new Date()) {
    initial = (await login.expire(state).catch(() => undefined)) ?? initial;
  }
  await handle(initial);
  for (const status of early) await handle(status);
  if (stream.open) scheduleExpiry(row.expiresAt);
}
