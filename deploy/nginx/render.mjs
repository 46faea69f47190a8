#!/usr/bin/env node
// Fills deploy/nginx/jiaoben.conf.template. The deploy test renders it the same way, so the file
// an operator installs is the one `npm run test:deploy` ran.
//
//   node deploy/nginx/render.mjs --server-name jb.example.com --public-url https://jb.example.com \
//     --upstream 127.0.0.1:3001 --upstream 127.0.0.1:3002 --upstream 127.0.0.1:3003 \
//     --cert /etc/letsencrypt/live/jb.example.com/fullchain.pem \
//     --key /etc/letsencrypt/live/jb.example.com/privkey.pem > /etc/nginx/conf.d/jiaoben.conf
//
// Add `--down 127.0.0.1:3001` to take that instance out of rotation before restarting it (DEPLOY.md).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const templateFile = fileURLToPath(new URL('./jiaoben.conf.template', import.meta.url));

/**
 * @typedef {object} SiteOptions
 * @property {string} serverName      nginx server_name (the public host name)
 * @property {string} publicUrl       the app's PUBLIC_URL; plain HTTP redirects there
 * @property {string[]} upstreams     host:port of each app instance
 * @property {string} sslCertificate  PEM certificate chain (fullchain)
 * @property {string} sslCertificateKey PEM private key
 * @property {string} [httpsListen]   default 443
 * @property {string} [httpListen]    default 80
 * @property {string} [logDir]        default /var/log/nginx
 * @property {number} [failTimeoutSec] how long a failed instance is skipped; default 5
 * @property {string[]} [down]        instances taken out of rotation (marked `down`) for a restart
 */

/** @param {SiteOptions} options @returns {string} the site configuration */
export function renderSite(options) {
  if (options.upstreams.length === 0) throw new Error('at least one --upstream is needed');
  const failTimeout = options.failTimeoutSec ?? 5;
  const down = new Set(options.down ?? []);
  for (const address of down) {
    if (!options.upstreams.includes(address)) throw new Error(`--down ${address} is not an --upstream`);
  }
  const values = {
    SERVER_NAME: options.serverName,
    PUBLIC_URL: options.publicUrl.replace(/\/$/, ''),
    UPSTREAM_SERVERS: options.upstreams
      .map(
        (address) =>
          `  server ${address} max_fails=1 fail_timeout=${failTimeout}s${down.has(address) ? ' down' : ''};`,
      )
      .join('\n'),
    SSL_CERTIFICATE: options.sslCertificate,
    SSL_CERTIFICATE_KEY: options.sslCertificateKey,
    HTTPS_LISTEN: options.httpsListen ?? '443',
    HTTP_LISTEN: options.httpListen ?? '80',
    LOG_DIR: options.logDir ?? '/var/log/nginx',
  };
  return readFileSync(templateFile, 'utf8').replace(/\{\{(\w+)\}\}/g, (whole, name) => {
    if (!(name in values)) throw new Error(`unknown placeholder ${whole}`);
    return values[/** @type {keyof typeof values} */ (name)];
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      'server-name': { type: 'string' },
      'public-url': { type: 'string' },
      upstream: { type: 'string', multiple: true },
      cert: { type: 'string' },
      key: { type: 'string' },
      'https-listen': { type: 'string' },
      'http-listen': { type: 'string' },
      'log-dir': { type: 'string' },
      down: { type: 'string', multiple: true },
    },
  });
  const missing = ['server-name', 'public-url', 'cert', 'key'].filter(
    (name) => !values[/** @type {keyof typeof values} */ (name)],
  );
  if (missing.length > 0 || !values.upstream?.length) {
    console.error(`missing: ${[...missing, ...(values.upstream?.length ? [] : ['upstream'])].join(', ')}`);
    process.exit(2);
  }
  process.stdout.write(
    renderSite({
      serverName: /** @type {string} */ (values['server-name']),
      publicUrl: /** @type {string} */ (values['public-url']),
      upstreams: values.upstream,
      sslCertificate: /** @type {string} */ (values.cert),
      sslCertificateKey: /** @type {string} */ (values.key),
      httpsListen: values['https-listen'],
      httpListen: values['http-listen'],
      logDir: values['log-dir'],
      down: values.down,
    }),
  );
}
