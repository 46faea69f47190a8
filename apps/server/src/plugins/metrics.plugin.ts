import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { fail } from '../lib/envelope.ts';
import type { MetricSources, Metrics } from '../lib/metrics.ts';

/**
 * How GET /metrics answers on the main port: `token` with METRICS_TOKEN (Bearer), `hidden` when
 * METRICS_PORT serves it on a listener of its own or in production without either, `open` in
 * development and tests without either.
 */
export type MainPortMetrics = 'open' | 'token' | 'hidden';

export function mainPortMetrics(
  config: Pick<Config, 'NODE_ENV' | 'METRICS_TOKEN' | 'METRICS_PORT'>,
): MainPortMetrics {
  if (config.METRICS_PORT !== undefined) return 'hidden';
  if (config.METRICS_TOKEN) return 'token';
  return config.NODE_ENV === 'production' ? 'hidden' : 'open';
}

/** Compares digests, so neither the token's content nor its length leaks through timing. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

/** The route pattern, never the raw URL: ids in paths would make a label value per request. */
function routeLabel(req: FastifyRequest): string {
  const route = req.routeOptions.url;
  if (route === undefined) return 'unmatched';
  return route.startsWith('/api/') || route === '/metrics' ? route : 'static';
}

const UNAUTHORIZED = '需要有效的监控令牌（Authorization: Bearer <METRICS_TOKEN>）';

export const metricsPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { metrics: Metrics; sources: MetricSources; mode: MainPortMetrics; token?: string | undefined },
  ) => {
    const { metrics } = opts;
    metrics.observe(opts.sources);

    // A callback hook, not an async one: it runs on every answer, and a promise per request
    // shows in the throughput bench.
    app.addHook('onResponse', (req, reply, done) => {
      metrics.httpDuration.observe(
        { route: routeLabel(req), method: req.method, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      done();
    });

    // Registered in every mode, so that a hidden /metrics is a 404 and not the SPA's index.html.
    app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
      if (opts.mode === 'hidden') return reply.status(404).send(fail('接口不存在：GET /metrics'));
      if (opts.mode === 'token' && !bearerMatches(req.headers.authorization, opts.token ?? '')) {
        return reply.status(401).header('www-authenticate', 'Bearer').send(fail(UNAUTHORIZED));
      }
      return reply
        .header('cache-control', 'no-store')
        .type(metrics.registry.contentType)
        .send(await metrics.registry.metrics());
    });
  },
  { name: 'metrics' },
);

/**
 * METRICS_PORT: GET /metrics alone on a listener of its own (a port the proxy does not forward),
 * still behind METRICS_TOKEN when that is set. Anything else answers 404.
 */
export async function listenMetrics(
  metrics: Metrics,
  opts: { host: string; port: number; token?: string | undefined },
): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
      return;
    }
    if (opts.token && !bearerMatches(req.headers.authorization, opts.token)) {
      res.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer' });
      res.end('Unauthorized');
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
        res.end(text);
      },
      () => {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics failed');
      },
    );
  });
  // Scrapers keep a connection open between scrapes; close() must not wait for them.
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
