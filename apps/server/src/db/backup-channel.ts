// The backup channel: a server running on the embedded database answers `GET /backup` on a Unix
// socket beside its data directory, since only one process may open that directory and
// `npm run db:backup` therefore cannot. The socket is the server's user's alone (mode 0600): whoever
// may connect may read the data directory anyway. It also tells db:restore, and a second server,
// that the directory is in use.
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { createServer, get } from 'node:http';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { BackupError, dumpPglite } from './backup.ts';

export const backupSocketPath = (dataDir: string) => `${dataDir}.sock`;

/** Unix socket paths are limited to about 107 bytes. */
const MAX_SOCKET_PATH = 100;

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface BackupChannel {
  /** Starts answering once the database is open (until then a request gets 503). */
  serve(client: PGlite, log: Log): void;
  close(): Promise<void>;
}

/**
 * Opens the channel for a data directory before the database is opened, refusing when another
 * server answers there: two processes on one PGlite directory corrupt it. When the socket cannot be
 * made (path too long, no permission) the server runs without online backups, says so, and
 * undefined is returned; db:backup then refuses rather than open the directory beside it
 * (PGlite's postmaster.pid tells it the directory is in use).
 */
export async function openBackupChannel(dataDir: string): Promise<BackupChannel | undefined> {
  const path = backupSocketPath(dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    console.warn(`数据目录路径太长，无法建立备份通道（${path}）：服务运行时 npm run db:backup 不可用`);
    return undefined;
  }
  if (await channelAnswers(path)) {
    throw new BackupError(`另一个服务正在使用数据目录 ${dataDir}：同一个内置数据库只能由一个进程打开`);
  }
  // Left behind by a server that did not stop cleanly.
  await rm(path, { force: true });
  // On a fresh install the data directory (and its parent) is made only when PGlite opens it.
  await mkdir(dirname(path), { recursive: true });

  let served: { client: PGlite; log: Log } | undefined;
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    if (!served) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end('服务还在启动，请稍后再试');
      return;
    }
    const { client, log } = served;
    const started = Date.now();
    dumpPglite(client)
      .then(async (tar) => {
        const dumpMs = Date.now() - started;
        res.writeHead(200, { 'content-type': 'application/gzip' });
        await pipeline(
          Readable.from(Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength)),
          createGzip(),
          res,
        );
        log.info({ bytes: tar.byteLength, dumpMs, ms: Date.now() - started }, 'backup: data directory sent');
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'backup failed');
        if (res.headersSent) res.destroy();
        else
          res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('备份失败，详情见服务日志');
      });
  });
  // Created 0600 from the start: the umask applies when listen() binds, which it does at once.
  const umask = process.umask(0o177);
  try {
    server.listen(path);
  } finally {
    process.umask(umask);
  }
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
  } catch (error) {
    console.warn(
      `无法建立备份通道（${path}：${(error as Error).message}）：服务运行时 npm run db:backup 不可用`,
    );
    return undefined;
  }
  return {
    serve(client, log) {
      served = { client, log };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(path, { force: true });
    },
  };
}

/** True when a process accepts connections on the socket (or it is someone else's to refuse). */
export function channelAnswers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ path });
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      resolve(error.code !== 'ENOENT' && error.code !== 'ECONNREFUSED');
    });
  });
}

/**
 * Asks the server on this data directory for a backup and writes it (gzipped) to `file`. False when
 * no server answers there (nothing is written); the caller then reads the directory itself.
 */
export function fetchBackup(dataDir: string, file: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const req = get({ socketPath: backupSocketPath(dataDir), path: '/backup' }, (res) => {
      if (res.statusCode !== 200) {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => reject(new BackupError(`服务没有完成备份（${res.statusCode}）：${text}`)));
        return;
      }
      pipeline(res, createWriteStream(file)).then(
        () => resolve(true),
        () => reject(new BackupError('备份传输中断（服务是否已停止？），没有写出备份文件')),
      );
    });
    req.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(false);
      else reject(error);
    });
  });
}

/**
 * Whether something has the data directory open: a server answers on its channel ('server'), or
 * PGlite's postmaster.pid is there without one ('unclean': a process without the channel, such as
 * `npm run admin`, or a server that was killed). PGlite removes postmaster.pid when it closes.
 */
export async function dataDirUse(dataDir: string): Promise<'server' | 'unclean' | 'free'> {
  if (await channelAnswers(backupSocketPath(dataDir))) return 'server';
  return existsSync(join(dataDir, 'postmaster.pid')) ? 'unclean' : 'free';
}
