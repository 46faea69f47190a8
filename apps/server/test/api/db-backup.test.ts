import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pack } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pgliteClient } from '../../src/db/backup.ts';
import { type BackupChannel, openBackupChannel } from '../../src/db/backup-channel.ts';
import { type Database, openPglite } from '../../src/db/database.ts';
import { serverRoot } from '../../src/lib/server-root.ts';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { onPostgres } from '../helpers/test-database.ts';
import { grant, startGeneration, waitFinished } from './creation-helpers.ts';
import { createOrder, expectBalanceMatchesLedger, payOrder } from './order.fixtures.ts';

const execFileAsync = promisify(execFile);

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run db:backup` / `db:restore` as a separate process, the way an operator runs them. */
async function cli(name: 'db-backup' | 'db-restore', args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await execFileAsync(
      process.execPath,
      ['--import', 'tsx', `src/cli/${name}.ts`, ...args],
      { cwd: serverRoot, env: { ...process.env, DATABASE_URL: '', ...env }, timeout: 120_000 },
    );
    return { code: 0, stdout, stderr } satisfies CliRun;
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr } satisfies CliRun;
  }
}

/** Every file of a directory with its hash: "changes nothing" means this stays equal. */
async function fingerprint(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[relative(dir, path)] = createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
  }
  return out;
}

/** A well-formed tar with one file. */
function tarOf(name: string, content: string): Promise<Buffer> {
  const tar = pack();
  const chunks: Buffer[] = [];
  tar.on('data', (chunk) => {
    chunks.push(chunk as Buffer);
  });
  const ended = new Promise<void>((resolve) => tar.on('end', () => resolve()));
  tar.entry({ name }, content);
  tar.finalize();
  return ended.then(() => Buffer.concat(chunks));
}

describe.skipIf(onPostgres())('backups of the embedded database (db:backup, db:restore)', () => {
  let dir: string;
  let dataDir: string;
  let env: Record<string, string>;
  let running: { t: TestApp; database: Database; channel: BackupChannel } | undefined;
  let alice: TestUser;
  let bob: TestUser;
  const backupFile = () => join(dir, 'backup.tar.gz');

  /** The app on the data directory with its backup channel, in server.ts's order. */
  async function start(): Promise<TestApp> {
    const fresh = !existsSync(dataDir);
    const channel = (await openBackupChannel(dataDir))!;
    const database = await openPglite({
      dataDir,
      loadDataDir: fresh ? new Blob([readFileSync(inject('pgliteDump')!)]) : undefined,
    });
    const t = await createTestApp({}, { database });
    channel.serve(pgliteClient(database), t.app.log);
    running = { t, database, channel };
    return t;
  }

  async function stop() {
    if (!running) return;
    await running.t.close();
    await running.channel.close();
    await running.database.close();
    running = undefined;
  }

  /** Everything Alice sees of her account, through the API. */
  async function aliceSees(t: TestApp) {
    const get = async (url: string) => {
      const res = await t.call({ method: 'GET', url, token: alice.token });
      expect(res.status, `${url}: ${res.body.message}`).toBe(200);
      return res.body.data;
    };
    return {
      info: await get('/api/v1/user/info'),
      wallet: await get('/api/v1/goods/wallet'),
      ledger: await get('/api/v1/goods/wallet_transaction?pageSize=100'),
      orders: await get('/api/v1/order/list?pageSize=100'),
      scripts: await get('/api/v1/script/list?pageSize=100'),
    };
  }

  async function paidOrder(t: TestApp, user: TestUser) {
    const order = await createOrder(t, user);
    await payOrder(t, user, order.id);
    const paid = await t.call({ method: 'POST', url: `/api/v1/dev/pay/${order.orderNo}/confirm` });
    expect(paid.status, paid.body.message).toBe(200);
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'db-backup-'));
    // Not there yet, nor its parent: as on a fresh install.
    dataDir = join(dir, 'data', 'pglite');
    env = { PGLITE_DIR: dataDir };
  });
  afterAll(async () => {
    await stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('backs up while the app answers requests; a restore brings back exactly that state', async () => {
    let t = await start();
    alice = await t.signIn({ nickname: '备份前的小艾' });
    bob = await t.signIn({ nickname: '一直在写的小波' });
    await paidOrder(t, alice);
    await grant(t, alice, 5);
    const generation = await waitFinished(t, alice, await startGeneration(t, alice));
    const script = generation.scripts[0]!;
    const confirmed = await t.call({
      method: 'POST',
      url: '/api/v1/script/confirm',
      token: alice.token,
      payload: { scriptId: script.id, edits: { title: '备份时的标题' } },
    });
    expect(confirmed.status, confirmed.body.message).toBe(200);
    const atBackup = await aliceSees(t);
    expect(atBackup.orders).toMatchObject({ total: 1 });
    expect(atBackup.scripts).toMatchObject({ total: 1 });

    // While the backup runs, Alice keeps reading over real HTTP (the server keeps answering), and
    // Bob's credits keep changing, each change in one transaction with its ledger row.
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const bobBefore = await t.app.container.wallet.balance(bob.id);
    let backupDone = false;
    const backup = cli('db-backup', [backupFile()], env).finally(() => {
      backupDone = true;
    });
    const latencies: number[] = [];
    let bobChanges = 0;
    while (!backupDone) {
      const began = Date.now();
      const [read] = await Promise.all([
        fetch(`${origin}/api/v1/goods/wallet`, { headers: { authorization: `Bearer ${alice.token}` } }),
        t.app.container.wallet.change({ userId: bob.id, delta: 1, reason: 'grant' }),
      ]);
      expect(read.status).toBe(200);
      await read.arrayBuffer();
      latencies.push(Date.now() - began);
      bobChanges++;
    }
    const done = await backup;
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(/已通过运行中的服务备份/);
    expect(done.stdout).toMatch(/用户 2 个，订单 1 个，脚本 1 个/);
    expect(bobChanges).toBeGreaterThan(3);
    const bobAfter = await t.app.container.wallet.balance(bob.id);
    console.info(
      `db-backup: ${latencies.length} rounds of requests meanwhile, slowest ${Math.max(...latencies)} ms`,
    );

    // After the backup: Alice buys again, renames her script, and someone new signs up.
    await paidOrder(t, alice);
    const renamed = await t.call({
      method: 'POST',
      url: '/api/v1/script/confirm',
      token: alice.token,
      payload: { scriptId: script.id, edits: { title: '备份之后改的标题' } },
    });
    expect(renamed.status, renamed.body.message).toBe(200);
    const newcomer = await t.signIn({ nickname: '备份后才来的人' });
    expect(await aliceSees(t)).not.toEqual(atBackup);

    await stop();
    const restored = await cli('db-restore', [backupFile()], env);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/用户 2 个，订单 1 个，脚本 1 个/);
    expect((await readdir(dirname(dataDir))).sort()).toEqual(['pglite']);

    t = await start();
    expect(await aliceSees(t)).toEqual(atBackup);
    const gone = await t.call({ method: 'GET', url: '/api/v1/user/info', token: newcomer.token });
    expect(gone.status).toBe(401);
    // Bob's credits as of one moment during the backup, never half a change.
    await expectBalanceMatchesLedger(t, [bob]);
    const bobRestored = await t.app.container.wallet.balance(bob.id);
    expect(bobRestored).toBeGreaterThanOrEqual(bobBefore);
    expect(bobRestored).toBeLessThanOrEqual(bobAfter);
  }, 180_000);

  it('refuses to restore while a server has the directory open, and changes nothing', async () => {
    const t = running!.t;
    const before = await aliceSees(t);
    const refused = await cli('db-restore', [backupFile()], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/服务正在使用数据目录.*请先停止服务/);
    expect(await aliceSees(t)).toEqual(before);
  }, 60_000);

  it('refuses a corrupt or foreign file and changes nothing', async () => {
    await stop();
    const good = await readFile(backupFile());
    const flipped = Buffer.from(good);
    for (let i = 1000; i < 1100; i++) flipped[i] = flipped[i]! ^ 0xff;
    const notPgdataTar = await tarOf('notes.txt', '这不是数据库');
    // A real PostgreSQL data directory, just not this app's.
    const stranger = await PGlite.create();
    const strangerDump = Buffer.from(await (await stranger.dumpDataDir('gzip')).arrayBuffer());
    await stranger.close();

    const cases: Array<[string, Uint8Array, RegExp]> = [
      ['truncated.tar.gz', good.subarray(0, good.length >> 1), /已损坏：无法解压/],
      ['flipped.tar.gz', flipped, /已损坏：无法解压/],
      ['random.tar', new Uint8Array(200_000).map((_, i) => (i * 7919) % 251), /已损坏：不是完整的 tar 归档/],
      ['notes.tar.gz', gzipSync(notPgdataTar), /不是内置数据库的备份/],
      ['stranger.tar.gz', strangerDump, /不是脚本工坊的数据库备份/],
    ];
    const before = await fingerprint(dataDir);
    for (const [name, bytes] of cases) await writeFile(join(dir, name), bytes);
    const runs = await Promise.all(cases.map(([name]) => cli('db-restore', [join(dir, name)], env)));
    runs.forEach((run, i) => {
      expect(run.code, cases[i]![0]).toBe(1);
      expect(run.stderr, cases[i]![0]).toMatch(cases[i]![2]);
    });
    const missing = await cli('db-restore', [join(dir, 'nowhere.tar.gz')], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/找不到备份文件/);

    expect(await fingerprint(dataDir)).toEqual(before);
    expect(await readdir(dirname(dataDir))).toEqual(['pglite']);
  }, 120_000);

  it('refuses while something else may have the directory open (postmaster.pid, no server)', async () => {
    const pid = join(dataDir, 'postmaster.pid');
    await writeFile(pid, '-42\n');
    try {
      const before = await fingerprint(dataDir);
      const restore = await cli('db-restore', [backupFile()], env);
      expect(restore.code).toBe(1);
      expect(restore.stderr).toMatch(/可能正被其他进程使用/);
      const backup = await cli('db-backup', [join(dir, 'while-unclean.tar.gz')], env);
      expect(backup.code).toBe(1);
      expect(backup.stderr).toMatch(/可能正被其他进程使用/);
      expect(existsSync(join(dir, 'while-unclean.tar.gz'))).toBe(false);
      expect(await fingerprint(dataDir)).toEqual(before);
    } finally {
      await rm(pid);
    }
  }, 60_000);

  it('backs up from the directory itself when no server runs, and will not overwrite a file', async () => {
    const file = join(dir, 'offline.tar.gz');
    const offline = await cli('db-backup', [file], env);
    expect(offline.stderr).toBe('');
    expect(offline.code).toBe(0);
    expect(offline.stdout).toMatch(/服务未运行，已直接从数据目录备份/);
    expect(offline.stdout).toMatch(/用户 2 个，订单 1 个，脚本 1 个/);
    expect(existsSync(file)).toBe(true);

    const again = await cli('db-backup', [file], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/已存在，不会覆盖/);
  }, 60_000);
});

describe('backups on PostgreSQL', () => {
  it('are pg_dump’s and pg_restore’s job: the commands say so and write nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'db-backup-pg-'));
    try {
      const env = {
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/jbgf',
        PGLITE_DIR: join(dir, 'pglite'),
      };
      const backup = await cli('db-backup', [join(dir, 'x.tar.gz')], env);
      expect(backup.code).toBe(2);
      expect(backup.stderr).toMatch(/PostgreSQL.*pg_dump.*DEPLOY\.md/);
      const restore = await cli('db-restore', [join(dir, 'x.tar.gz')], env);
      expect(restore.code).toBe(2);
      expect(restore.stderr).toMatch(/PostgreSQL.*pg_restore.*DEPLOY\.md/);
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
