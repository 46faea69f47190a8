import type { FastifyInstance } from 'fastify';
import type { OrderRefundService } from './order-refund.service.ts';

export const REFUND_SYNC_INTERVAL_MS = 60_000;

/**
 * The query fallback for refunds whose notification never came: every minute, each instance asks
 * the provider about refunds processing for longer than REFUND_STALE_MS. Safe on many instances:
 * finishing a refund is conditional on it still being processing, under the order's row lock.
 */
export function registerRefundJobs(
  app: FastifyInstance,
  deps: { refunds: Pick<OrderRefundService, 'syncStale'>; intervalMs?: number },
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const sync = async () => {
    try {
      const result = await deps.refunds.syncStale(app.log);
      if (result.finished > 0) app.log.info(result, 'refunds settled by query');
    } catch (err) {
      app.log.error({ err }, 'refund sync failed');
    }
  };

  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running ??= sync().finally(() => {
        running = undefined;
      });
    }, deps.intervalMs ?? REFUND_SYNC_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
