import type { FastifyInstance } from 'fastify';
import type { CommissionService } from './commission.service.ts';

/**
 * Runs the settlement sweep when the app is ready and then every `intervalSec` (0 = only on
 * demand, through POST /distribution/settle). Every instance runs its own; the sweep is safe to
 * run concurrently. A run never overlaps the previous one, and closing the app waits for it.
 */
export function registerSettlementSweeper(
  app: FastifyInstance,
  deps: { commissions: Pick<CommissionService, 'settleDue'>; intervalSec: number },
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  const run = () => {
    if (running || closed) return;
    running = deps.commissions
      .settleDue()
      .then((settled) => {
        if (settled > 0) app.log.info({ settled }, 'commission settlement sweep');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'commission settlement sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };

  app.addHook('onReady', async () => {
    if (deps.intervalSec <= 0) return;
    run();
    timer = setInterval(run, deps.intervalSec * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearInterval(timer);
    await running;
  });
}
