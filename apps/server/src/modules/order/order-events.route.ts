import { idParamsSchema, type Order } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { EventStream, EventStreams } from '../../lib/event-stream.ts';
import type { StreamCaps } from '../../lib/stream-caps.ts';
import { currentUser } from '../../plugins/auth.plugin.ts';
import type { OrderService } from './order.service.ts';

/** Streams end after this; the browser reconnects if the order is still pending. */
const MAX_STREAM_MS = 20 * 60_000;

/**
 * GET /order/:id/events — text/event-stream of the order (`event: order`, data = the order) now
 * and whenever its status changes, on any instance (LISTEN/NOTIFY). Ends once the order is no
 * longer pending. Every heartbeat also re-reads the order, so a lost notification or the moment
 * of expiry reaches the browser within one heartbeat at worst.
 */
export function orderEventsRoute(
  app: FastifyInstance,
  deps: { orders: OrderService; streamCaps: StreamCaps; eventStreams: EventStreams },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/order/:id/events',
    {
      preHandler: app.requireUser,
      schema: { summary: '订单状态推送（SSE），支付成功立即送达', tags: ['order'], params: idParamsSchema },
    },
    async (req, reply) => {
      const userId = currentUser(req).id;
      const orderId = req.params.id;
      let stream: EventStream | undefined;
      let last = '';
      const queued: Order[] = [];
      const send = (order: Order) => {
        if (!stream) {
          queued.push(order);
          return;
        }
        if (!stream.open) return;
        const line = JSON.stringify(order);
        if (line !== last) {
          last = line;
          stream.send('order', order);
        }
        if (order.status !== 'pending') stream.end();
      };
      const recheck = () =>
        void deps.orders
          .get(userId, orderId)
          .then(send)
          .catch((err) => req.log.warn({ err, orderId }, 'order stream recheck failed'));

      // Errors up to here (404, 401, 429) are answered as ordinary envelopes.
      const release = deps.streamCaps.open({ userId });
      let watched: Awaited<ReturnType<OrderService['watch']>>;
      try {
        watched = await deps.orders.watch(userId, orderId, send);
      } catch (error) {
        release();
        throw error;
      }

      // Every heartbeat also re-reads the order.
      const opened = deps.eventStreams.open(reply, { release, onHeartbeat: recheck });
      stream = opened;
      const timers: NodeJS.Timeout[] = [];
      opened.onClose(() => {
        for (const t of timers) clearTimeout(t);
        watched.unsubscribe();
      });
      send(watched.current);
      for (const order of queued.splice(0)) send(order);
      if (!opened.open) return;

      timers.push(setTimeout(() => opened.end(), MAX_STREAM_MS));
      const untilExpiry = new Date(watched.current.expiresAt).getTime() - Date.now();
      if (untilExpiry < MAX_STREAM_MS) timers.push(setTimeout(recheck, Math.max(0, untilExpiry) + 500));
    },
  );
}
