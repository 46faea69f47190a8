import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, drainMs, loadConfig } from './config.ts';
import { pgliteClient, pgliteDataDir } from './db/backup.ts';
import { openBackupChannel } from './db/backup-channel.ts';
import { openDatabase } from './db/database.ts';
import { VERSION } from './lib/version.ts';
import { listenMetrics } from './plugins/metrics.plugin.ts';

/** The only file that listens: start, and shut down cleanly on SIGINT/SIGTERM. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const here = dirname(fileURLToPath(import.meta.url));
  const webDistDir = resolve(config.WEB_DIST_DIR ?? resolve(here, '../../web/dist'));
  // The embedded database's backup channel (npm run db:backup); it also keeps a second server off
  // the same data directory, which two processes would corrupt.
  const backupChannel = config.DATABASE_URL
    ? undefined
    : await openBackupChannel(pgliteDataDir(config.PGLITE_DIR));
  const database = await openDatabase(config);
  const app = await buildApp({ config, database, webDistDir });
  backupChannel?.serve(pgliteClient(database), app.log);

  /**
   * A graceful stop, in this order:
   * 1. Drain: /health/ready answers 503 (and every answer closes its connection), so the proxy or
   *    orchestrator takes this instance out of rotation, while everything is still served for
   *    DRAIN_MS. Generations running here may finish meanwhile. A second signal cuts the wait short.
   * 2. app.close(): no new connections; open event streams are ended (the web reconnects its
   *    generation and order streams, to another instance); generations still running here are
   *    interrupted, failed and refunded by this instance (creation.jobs.ts). If the process dies
   *    before that, another instance's lease sweep refunds them once their heartbeat is 60 s old.
   * 3. The metrics listener closes, then the database; exit 0.
   */
  let metricsListener: Awaited<ReturnType<typeof listenMetrics>> | undefined;
  let closing = false;
  let cutDrainShort = () => {};
  const shutdown = async (signal: string) => {
    if (closing) {
      cutDrainShort();
      return;
    }
    closing = true;
    const drainFor = drainMs(config);
    app.readiness.drain();
    app.log.info({ signal, drainMs: drainFor }, 'draining: not ready, still serving');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, drainFor);
      cutDrainShort = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    app.log.info('shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await metricsListener?.close();
      await backupChannel?.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (config.METRICS_PORT !== undefined) {
    metricsListener = await listenMetrics(app.container.metrics, {
      host: config.HOST,
      port: config.METRICS_PORT,
      token: config.METRICS_TOKEN,
    });
  }
  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`脚本工坊 v${VERSION} · 数据库 ${database.kind} · http://localhost:${config.PORT}`);
  if (metricsListener) app.log.info(`metrics: http://${config.HOST}:${metricsListener.port}/metrics`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
