// Backups of the embedded database (PGlite). A backup is PGlite's own dump of its data directory:
// a tar of PGDATA, gzipped, which `PGlite.create(dir, { loadDataDir })` loads back. On PostgreSQL
// backups are pg_dump's business (DEPLOY.md), not this file's.
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { extract } from 'tar-stream';
import { serverRoot } from '../lib/server-root.ts';
import { type Database, openPglite } from './database.ts';

/** A failure to tell the operator as it is, in Chinese and without a stack trace. */
export class BackupError extends Error {}

/** PGLITE_DIR as openDatabase resolves it: a relative path means the repository root. */
export const pgliteDataDir = (pgliteDir: string) => resolve(serverRoot, '../..', pgliteDir);

/**
 * A file named on the command line. npm runs the script from apps/server; INIT_CWD is where the
 * command was typed, which is what a relative path means to whoever typed it.
 */
export function commandLinePath(given: string): string {
  // biome-ignore lint/style/noProcessEnv: set by npm for this purpose, not configuration
  return resolve(process.env.INIT_CWD ?? process.cwd(), given);
}

/** PGlite's client behind a Database from openPglite. */
export function pgliteClient(database: Database): PGlite {
  if (database.kind !== 'pglite') throw new Error('not the embedded database');
  return (database.db as unknown as { $client: PGlite }).$client;
}

/**
 * The data directory as a tar, taken between two transactions. Every query and transaction of
 * PGlite waits for its transaction lock, so while this holds it no transaction is half done; the
 * commits are in the WAL inside the tar, which PGlite replays on loading it. The lock is held only
 * for the copy (≈0.2 s for 40 MB); the caller compresses after it is released.
 */
export function dumpPglite(client: PGlite): Promise<Uint8Array> {
  return client._runExclusiveTransaction(async () => {
    const tar = await client.dumpDataDir('none');
    return new Uint8Array(await tar.arrayBuffer());
  });
}

const gunzipAsync = promisify(gunzip);
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The tar inside a backup file (gzipped or not), checked whole before PGlite sees it: gzip's
 * checksum catches a truncated or altered file, and the tar must parse to its end and hold a
 * PGDATA. PGlite itself crashes the process on some files that are not a tar.
 */
export async function readBackup(file: string): Promise<Uint8Array> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(`找不到备份文件 ${file}`);
    throw error;
  }
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = await gunzipAsync(bytes);
    } catch {
      throw new BackupError(`备份文件 ${file} 已损坏：无法解压（文件不完整或被改动过）`);
    }
  }
  let names: string[];
  try {
    names = await tarEntryNames(bytes);
  } catch {
    throw new BackupError(`备份文件 ${file} 已损坏：不是完整的 tar 归档`);
  }
  if (!names.some((name) => name.replace(/^\/+/, '') === 'PG_VERSION')) {
    throw new BackupError(`${file} 不是内置数据库的备份：里面没有数据库目录`);
  }
  return bytes;
}

async function tarEntryNames(tar: Uint8Array): Promise<string[]> {
  const names: string[] = [];
  const parser = extract();
  parser.on('entry', (header, body, next) => {
    names.push(header.name);
    body.on('end', next);
    body.resume();
  });
  const finished = once(parser, 'finish');
  parser.end(Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength));
  await finished;
  return names;
}

/** What a backup holds, told to the operator after a backup or a restore. */
export interface BackupSummary {
  users: number;
  orders: number;
  scripts: number;
}

/**
 * Opens a backup's tar (into `dataDir`, or in memory) and checks it is this app's database: its
 * migrations table and users are there. Then closes it.
 */
export async function inspectBackup(tar: Uint8Array, dataDir?: string): Promise<BackupSummary> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir, { loadDataDir: new Blob([tar]) });
  } catch (error) {
    throw new BackupError(`备份无法载入（数据文件已损坏）：${errorText(error)}`);
  }
  try {
    const tables = await client.query<{ migrations: string | null; users: string | null }>(
      `select to_regclass('drizzle.__drizzle_migrations')::text as migrations, to_regclass('public.users')::text as users`,
    );
    if (!tables.rows[0]?.migrations || !tables.rows[0].users) {
      throw new BackupError('这不是脚本工坊的数据库备份：里面没有本应用的数据表');
    }
    const counts = await client.query<BackupSummary>(
      `select (select count(*) from users)::int as users,
              (select count(*) from orders)::int as orders,
              (select count(*) from scripts)::int as scripts`,
    );
    return counts.rows[0]!;
  } finally {
    await client.close();
  }
}

/**
 * Replaces the data directory by a backup. The backup is loaded and checked in a new directory
 * beside it first; the old directory is moved aside and only deleted once the restored one has
 * opened (migrations run then, as at a start, so an older backup is brought up to date). If that
 * fails, the old directory is put back. The caller makes sure no server has the directory open.
 */
export async function restorePglite(dataDir: string, tar: Uint8Array): Promise<BackupSummary> {
  const stamp = `${Date.now()}-${process.pid}`;
  const staging = `${dataDir}.restoring-${stamp}`;
  let summary: BackupSummary;
  try {
    summary = await inspectBackup(tar, staging);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  const aside = `${dataDir}.replaced-${stamp}`;
  const hadData = existsSync(dataDir);
  await mkdir(dirname(dataDir), { recursive: true });
  if (hadData) await rename(dataDir, aside);
  await rename(staging, dataDir);
  try {
    const restored = await openPglite({ dataDir });
    await restored.close();
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    if (hadData) await rename(aside, dataDir);
    throw new BackupError(`恢复的数据库无法打开，原来的数据已放回：${errorText(error)}`);
  }
  if (hadData) await rm(aside, { recursive: true, force: true });
  return summary;
}
