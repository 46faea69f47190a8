import { randomBytes } from 'node:crypto';
import pg from 'pg';

const PREFIX = 'deploy_test_';

/** Whether a process with this id still runs (a database named after a dead run is litter). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface ScratchDatabase {
  url: string;
  name: string;
  query<R extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]>;
  /** Closes the test's own connection and drops the database (every process using it must be gone). */
  drop(): Promise<void>;
}

/**
 * A new, empty database on the PostgreSQL server at `serverUrl` (the instances migrate it at
 * start, as in production), named deploy_test_<pid>_<random>. Databases of earlier runs whose
 * process is gone (killed before their cleanup) are dropped first.
 */
export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like '${PREFIX}%'`,
    );
    for (const { datname } of rows) {
      const pid = Number(datname.slice(PREFIX.length).split('_')[0]);
      if (Number.isInteger(pid) && pid > 0 && !alive(pid)) {
        await admin.query(`drop database if exists ${datname} with (force)`);
      }
    }
    const name = `${PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    return {
      url: url.toString(),
      name,
      async query(sql, params) {
        return (await client.query(sql, params)).rows;
      },
      async drop() {
        await client.end().catch(() => {});
        const dropper = new pg.Client({ connectionString: serverUrl });
        await dropper.connect();
        try {
          await dropper.query(`drop database if exists ${name} with (force)`);
        } finally {
          await dropper.end();
        }
      },
    };
  } finally {
    await admin.end();
  }
}
