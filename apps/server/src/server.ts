import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { VERSION } from './lib/version.ts';

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
  const database = await openDatabase(config);
  const app = await buildApp({ config, database, webDistDir });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`脚本工坊 v${VERSION} · 数据库 ${database.kind} · http://localhost:${config.PORT}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
