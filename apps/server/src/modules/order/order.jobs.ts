import type { FastifyInstance } from 'fastify';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { OrderService } from './order.service.ts';

export const ORDER_SWEEP_INTERVAL_MS = 30_000;

/**
 * Background work of the shop, tied to the app's life: the catalogue is applied when the app is
 * ready, and expired orders are swept on an interval cleared on close. Safe on many instances:
 * the seed is an upsert and every close is a conditional UPDATE … WHERE status = 'pending'.
 * Reads settle expiry on their own, so the sweep only keeps the table tidy and asks WeChat Pay
 * about orders nobody looks at.
 */
export function registerOrderJobs(
  app: FastifyInstance,
  deps: {
    catalog: Pick<CatalogService, 'seed'>;
    orders: Pick<OrderService, 'sweepExpired'>;
    intervalMs?: number;
  },
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const sweep = async () => {
    try {
      const result = await deps.orders.sweepExpired(app.log);
      if (result.closed > 0 || result.reconciled > 0) app.log.info(result, 'expired orders settled');
    } catch (err) {
      app.log.error({ err }, 'order sweep failed');
    }
  };

  app.addHook('onReady', async () => {
    await deps.catalog.seed();
    timer = setInterval(() => {
      running ??= sweep().finally(() => {
        running = undefined;
      });
    }, deps.intervalMs ?? ORDER_SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // Let a sweep in flight finish before the database closes under it.
    await running;
  });
}
