// `npm run db:backup [FILE]`: a consistent backup of the embedded database (PGlite), gzipped, to
// FILE or by default to data/backups/pglite-<UTC time>.tar.gz beside the data directory. A server
// running on the data directory is asked through its backup channel (it alone may open the
// directory); when none runs, the directory is opened here. PostgreSQL is backed up with pg_dump.
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config.ts';
import {
  BackupError,
  commandLinePath,
  dumpPglite,
  inspectBackup,
  pgliteDataDir,
  readBackup,
} from '../db/backup.ts';
import { dataDirUse, fetchBackup } from '../db/backup-channel.ts';

const config = loadConfig();
if (config.DATABASE_URL) {
  console.error(
    '当前使用 PostgreSQL（设置了 DATABASE_URL）：请用 pg_dump 备份，做法见 DEPLOY.md。本命令只备份内置数据库。',
  );
  process.exit(2);
}
const dataDir = pgliteDataDir(config.PGLITE_DIR);
const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z');
const given = process.argv[2];
const file = given ? commandLinePath(given) : join(dirname(dataDir), 'backups', `pglite-${stamp}.tar.gz`);

/** The dump, from the running server or from the directory; false = from the directory. */
async function writeDump(partial: string): Promise<boolean> {
  if (await fetchBackup(dataDir, partial)) return true;
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    throw new BackupError(`数据目录 ${dataDir} 里没有数据库，没有可备份的内容`);
  }
  if ((await dataDirUse(dataDir)) !== 'free') {
    throw new BackupError(
      `数据目录 ${dataDir} 可能正被其他进程使用（有 postmaster.pid，却没有服务应答备份请求）。` +
        '请启动服务后再备份（会通过服务备份）；如果是服务上次没有正常停止，启动一次再正常停止即可。',
    );
  }
  const client = await PGlite.create(dataDir);
  let tar: Uint8Array;
  try {
    tar = await dumpPglite(client);
  } finally {
    await client.close();
  }
  const bytes = Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength);
  await pipeline(Readable.from(bytes), createGzip(), createWriteStream(partial));
  return false;
}

async function main() {
  if (existsSync(file)) throw new BackupError(`${file} 已存在，不会覆盖：请换一个文件名`);
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  try {
    const fromServer = await writeDump(partial);
    // Read back what was written, as a restore would, before calling it a backup.
    const summary = await inspectBackup(await readBackup(partial));
    await rename(partial, file);
    const size = (await stat(file)).size / 1024 / 1024;
    console.info(
      `${fromServer ? '已通过运行中的服务备份' : '服务未运行，已直接从数据目录备份'}：${file}\n` +
        `大小 ${size.toFixed(1)} MB，用户 ${summary.users} 个，订单 ${summary.orders} 个，脚本 ${summary.scripts} 个`,
    );
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

try {
  await main();
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
