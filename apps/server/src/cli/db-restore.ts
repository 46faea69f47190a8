// `npm run db:restore FILE`: replaces the embedded database's data directory by a backup from
// `npm run db:backup`. Refused while a server has the directory open; the backup is checked whole
// before anything changes (db/backup.ts). PostgreSQL is restored with pg_restore.
import { loadConfig } from '../config.ts';
import { BackupError, commandLinePath, pgliteDataDir, readBackup, restorePglite } from '../db/backup.ts';
import { dataDirUse } from '../db/backup-channel.ts';

const given = process.argv[2];
if (!given) {
  console.error('用法：npm run db:restore -- <备份文件>');
  process.exit(2);
}
const config = loadConfig();
if (config.DATABASE_URL) {
  console.error(
    '当前使用 PostgreSQL（设置了 DATABASE_URL）：请用 pg_restore 恢复 pg_dump 的备份，做法见 DEPLOY.md。本命令只恢复内置数据库。',
  );
  process.exit(2);
}
const dataDir = pgliteDataDir(config.PGLITE_DIR);
const file = commandLinePath(given);

async function main() {
  const use = await dataDirUse(dataDir);
  if (use === 'server') {
    throw new BackupError(`服务正在使用数据目录 ${dataDir}：请先停止服务，再恢复备份`);
  }
  if (use === 'unclean') {
    throw new BackupError(
      `数据目录 ${dataDir} 可能正被其他进程使用（有 postmaster.pid，却没有服务应答）：请先停止所有使用它的进程。` +
        '如果是服务上次没有正常停止，启动一次再正常停止后重试。',
    );
  }
  const tar = await readBackup(file);
  const summary = await restorePglite(dataDir, tar);
  console.info(
    `已用 ${file} 恢复数据目录 ${dataDir}\n` +
      `用户 ${summary.users} 个，订单 ${summary.orders} 个，脚本 ${summary.scripts} 个`,
  );
}

try {
  await main();
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
