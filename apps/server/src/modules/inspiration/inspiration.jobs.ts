import type { FastifyInstance } from 'fastify';
import type { InspirationService } from './inspiration.service.ts';

/** On ready: write the shipped library (idempotent; unchanged rows are skipped). */
export function inspirationJobs(app: FastifyInstance, deps: { inspiration: InspirationService }) {
  app.addHook('onReady', async () => {
    const started = Date.now();
    await deps.inspiration.seed();
    app.log.debug({ ms: Date.now() - started }, 'inspiration library seeded');
  });
}
