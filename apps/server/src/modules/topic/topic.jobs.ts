import type { FastifyInstance } from 'fastify';
import type { TopicRefreshService } from './topic-refresh.service.ts';

/**
 * On ready: write the shipped topics (idempotent), then, when a live hot list is configured and
 * HOTLIST_REFRESH_MIN > 0, refresh it at once and every N minutes. On close: stop the timer and
 * wait for a round in flight, so it never writes into a closed database.
 */
export function topicJobs(app: FastifyInstance, deps: { refresh: TopicRefreshService; intervalMin: number }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const controller = new AbortController();

  const tick = () => {
    if (running) return; // a slow round is still going: skip, never pile up
    running = deps.refresh.refresh({ log: app.log, signal: controller.signal }).finally(() => {
      running = undefined;
    });
  };

  app.addHook('onReady', async () => {
    const started = Date.now();
    await deps.refresh.seed();
    app.log.debug({ ms: Date.now() - started }, 'hot topics seeded');
    if (!deps.refresh.hasLiveSources) return;
    if (deps.intervalMin <= 0) {
      app.log.warn('HOTLIST_URL 已配置，但 HOTLIST_REFRESH_MIN=0：不会拉取热榜，设置刷新间隔（分钟）后生效');
      return;
    }
    tick();
    timer = setInterval(tick, deps.intervalMin * 60_000);
    timer.unref();
  });

  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    controller.abort();
    await running;
  });
}
