import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fail } from '../lib/envelope.ts';
import { withPageNonce } from './security-headers.plugin.ts';

/** index.html's placeholder the page reads its style nonce from (apps/web/src/lib/csp-nonce.ts). */
const NONCE_META = '<meta name="csp-nonce" content="" />';

/**
 * Serves the built SPA with history fallback: /dashboard/script loads index.html, while an
 * unknown /api/* path still answers the 404 envelope. index.html is written per answer with a
 * fresh nonce (its policy allows only styles carrying it), so it is never served as a file.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, opts: { distDir: string }) => {
    const hasBuild = existsSync(join(opts.distDir, 'index.html'));
    if (!hasBuild) {
      app.log.warn({ distDir: opts.distDir }, 'web build not found: only the API is served');
      app.setNotFoundHandler((req, reply) => {
        reply.status(404).send(fail(`接口不存在：${req.method} ${req.url.split('?')[0]}`));
      });
      return;
    }
    const indexHtml = readFileSync(join(opts.distDir, 'index.html'), 'utf8');
    if (!indexHtml.includes(NONCE_META)) throw new Error(`index.html lacks ${NONCE_META}`);
    await app.register(fastifyStatic, {
      // The build writes .br/.gz twins of its text assets (apps/web/vite.config.ts).
      preCompressed: true,
      root: opts.distDir,
      wildcard: false,
      index: false,
      allowedPath: (path) => path !== '/index.html',
      // Hashed assets never change; index.html must always be revalidated.
      // @fastify/static 10 hands the Fastify reply here, not the raw response.
      setHeaders(reply: { header(name: string, value: string): unknown }, path: string) {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split('?')[0] ?? '';
      if (path.startsWith('/api/') || req.method !== 'GET') {
        return reply.status(404).send(fail(`接口不存在：${req.method} ${path}`));
      }
      if (/\.[a-z0-9]{1,8}$/i.test(path) && !path.endsWith('.html')) {
        return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
      }
      const nonce = withPageNonce(reply);
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml.replace(NONCE_META, `<meta name="csp-nonce" content="${nonce}" />`));
    });
  },
  { name: 'spa' },
);
