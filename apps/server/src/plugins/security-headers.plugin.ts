import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The browser policy of every answer. Scripts come only from our own files; the only inline
 * code allowed is a <style> or <script> carrying the nonce of its page (antd writes its styles
 * at run time, see `withPageNonce`). Images may be WeChat avatars (https) or QR codes (data:).
 */
function directives(nonce?: string) {
  const withNonce = (sources: string[]) => (nonce ? [...sources, `'nonce-${nonce}'`] : sources);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: withNonce(["'self'"]),
    scriptSrcAttr: ["'none'"],
    styleSrc: withNonce(["'self'"]),
    // Style attributes cannot run script; antd sizes its auto-growing text areas and draws
    // watermarks with setAttribute('style'), which a stricter policy would break.
    styleSrcAttr: ["'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    mediaSrc: ["'self'", 'blob:'],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    frameSrc: ["'none'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
}

/** What the product never uses: no page of ours may ask for it, nor any frame it ends up in. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'browsing-topics=()',
].join(', ');

interface Options {
  https: boolean;
}

/**
 * The headers helmet would set, computed once by helmet itself. @fastify/helmet runs helmet anew
 * in two hooks for every answer; the headers are the same for every answer (only a page's nonce
 * changes its policy), and setting them from one object took GET /user/info from about 30 % to
 * 55 % of bare Fastify's throughput in `npm run bench`.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, collect as unknown as ServerResponse, () => {});
  return headers;
}

function helmetOptions(opts: Options): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: directives() },
    strictTransportSecurity: opts.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Avatars come from WeChat's CDN, which sends no CORP header.
    crossOriginEmbedderPolicy: false,
    // Kept out of the way of WeChat's in-app browser and the payment pages it opens.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    xFrameOptions: { action: 'deny' },
  };
}

/**
 * Gives this answer a fresh nonce and a policy that allows exactly the inline code carrying it;
 * for HTML the server writes (the SPA's index.html, the dev pages).
 */
export function withPageNonce(reply: FastifyReply): string {
  const nonce = randomBytes(16).toString('base64');
  const { 'content-security-policy': policy } = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: directives(nonce) },
  });
  if (policy) reply.header('content-security-policy', policy);
  return nonce;
}

/**
 * Security headers on every answer (helmet's, and a permissions policy), HSTS only when the site is
 * served over https, and `no-store` on every API answer: most carry personal data or the caller's
 * own flags, and none is meant to be kept by a browser or a proxy (a route may still say otherwise).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, opts: Options) => {
    const headers = { ...helmetHeaders(helmetOptions(opts)), 'permissions-policy': PERMISSIONS_POLICY };
    const apiHeaders = { ...headers, 'cache-control': 'no-store' };
    app.addHook('onRequest', async (req, reply) => {
      reply.headers(req.url.startsWith('/api/') ? apiHeaders : headers);
    });
  },
  { name: 'security-headers' },
);
