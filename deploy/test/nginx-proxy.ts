import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { renderSite } from '../nginx/render.mjs';

export interface AccessLogEntry {
  request_id: string;
  method: string;
  uri: string;
  status: number;
  upstream_addr: string;
  upstream_status: string;
}

export interface NginxProxy {
  /** https://127.0.0.1:<port>: the site, as PUBLIC_URL. */
  url: string;
  /** The plain-HTTP listener (redirects). */
  httpUrl: string;
  /** The test CA (the self-signed certificate itself). */
  ca: string;
  config: string;
  accessLog(): AccessLogEntry[];
  errorLog(): string;
  /**
   * Takes these instances out of rotation (none = all back in): re-renders the site, reloads
   * nginx (SIGHUP, as `nginx -s reload`) and waits until the old workers, and with them every
   * request they were still proxying, are gone.
   */
  setDown(addresses: string[]): Promise<void>;
  stop(): Promise<void>;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export function findNginx(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx']) {
    if (existsSync(candidate)) return candidate;
  }
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('nginx not found: apt-get install -y nginx (.ci/run installs it)');
  }
}

/**
 * nginx in its own prefix directory, in the foreground, with the site rendered from
 * deploy/nginx/jiaoben.conf.template (the production file) and a self-signed certificate for
 * 127.0.0.1. The wrapper around it (main context, temp paths) stands in for /etc/nginx/nginx.conf.
 */
export async function startNginx(opts: {
  /** nginx's prefix: a new, empty directory. */
  dir: string;
  httpsPort: number;
  httpPort: number;
  upstreams: string[];
  onSpawn?(pid: number | undefined): void;
}): Promise<NginxProxy> {
  const nginx = findNginx();
  const { dir } = opts;
  // nginx's workers run as nobody when started by root: they must reach the logs and temp files.
  chmodSync(dir, 0o755);
  for (const sub of ['logs', 'temp']) {
    mkdirSync(join(dir, sub));
    chmodSync(join(dir, sub), 0o777);
  }
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const url = `https://127.0.0.1:${opts.httpsPort}`;
  const writeSite = (down: string[]) => {
    const site = renderSite({
      serverName: 'localhost 127.0.0.1',
      publicUrl: url,
      upstreams: opts.upstreams,
      sslCertificate: cert,
      sslCertificateKey: key,
      httpsListen: `127.0.0.1:${opts.httpsPort}`,
      httpListen: `127.0.0.1:${opts.httpPort}`,
      logDir: join(dir, 'logs'),
      down,
    });
    writeFileSync(join(dir, 'jiaoben.conf'), site);
    return site;
  };
  const site = writeSite([]);
  const temp = (name: string) => `${join(dir, 'temp', name)}`;
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      // notice: reloads and worker exits are logged, setDown() waits on them.
      `error_log ${join(dir, 'logs', 'error.log')} notice;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${temp('body')};`,
      `  proxy_temp_path ${temp('proxy')};`,
      `  fastcgi_temp_path ${temp('fastcgi')};`,
      `  uwsgi_temp_path ${temp('uwsgi')};`,
      `  scgi_temp_path ${temp('scgi')};`,
      `  include ${join(dir, 'jiaoben.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const confFile = join(dir, 'nginx.conf');
  const args = ['-p', dir, '-e', join(dir, 'logs', 'error.log'), '-c', confFile];
  execFileSync(nginx, [...args, '-t', '-q'], { stdio: 'pipe' });

  const child: ChildProcess = spawn(nginx, [...args, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errorLog = () => {
    const file = join(dir, 'logs', 'error.log');
    return `${stderr}${existsSync(file) ? readFileSync(file, 'utf8') : ''}`;
  };

  const proxy: NginxProxy = {
    url,
    httpUrl: `http://127.0.0.1:${opts.httpPort}`,
    ca: readFileSync(cert, 'utf8'),
    config: site,
    accessLog() {
      const file = join(dir, 'logs', 'jiaoben.access.log');
      if (!existsSync(file)) return [];
      return readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as AccessLogEntry);
    },
    errorLog,
    async setDown(addresses) {
      writeSite(addresses);
      execFileSync(nginx, [...args, '-t', '-q'], { stdio: 'pipe' });
      const count = (pattern: RegExp) => (errorLog().match(pattern) ?? []).length;
      const started = count(/start worker process \d+/g);
      const exited = count(/worker process \d+ exited/g);
      child.kill('SIGHUP');
      const deadline = Date.now() + 15_000;
      while (count(/start worker process \d+/g) <= started || count(/worker process \d+ exited/g) <= exited) {
        if (Date.now() > deadline)
          throw new Error(`nginx did not reload in 15 s:\n${errorLog().slice(-2000)}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        // QUIT: graceful; TERM: fast. Fast is enough here, every stream is already done.
        child.kill('SIGTERM');
        await exited;
      }
    },
  };

  // Up once the port accepts connections (the instances may still be starting).
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start:\n${errorLog()}`);
    if (await accepts(opts.httpsPort)) break;
    if (Date.now() > deadline) {
      await proxy.stop();
      throw new Error(`nginx did not listen in 10 s:\n${errorLog()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return proxy;
}
