import type { FastifyInstance } from 'fastify';
import { type CreationModule, SWEEP_MS } from './creation.module.ts';

/**
 * The creation module's part of the app's life: at start (and every minute, for instances that
 * died while this one kept running) generations and persona analyses left running by a dead
 * instance are failed and refunded; at shutdown this instance's own generations are interrupted,
 * failed and refunded before the database closes.
 */
export function creationJobs(app: FastifyInstance, module: CreationModule) {
  let timer: NodeJS.Timeout | undefined;

  const sweep = async () => {
    try {
      const recovered = await module.recoverStale();
      if (recovered > 0)
        app.log.warn({ recovered }, 'failed and refunded generations and analyses of a stopped instance');
    } catch (error) {
      app.log.error({ err: error }, 'generation recovery failed');
    }
  };

  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(() => void sweep(), SWEEP_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await module.runner.shutdown();
  });
}
