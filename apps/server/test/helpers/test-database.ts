import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/db/database.ts';
import { adminUrl, databaseUrl } from './postgres-url.ts';

let counter = 0;

/** A fresh, migrated database for one test file (or one test), removed by the returned close(). */
export async function createTestDatabase(): Promise<Database> {
  const base = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplate');
  if (base && template) {
    const name = `${template}_${process.pid}_${++counter}`;
    const admin = new pg.Client({ connectionString: adminUrl(base) });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const database = await openPostgres(databaseUrl(base, name), 10);
    return {
      ...database,
      async close() {
        await database.close();
        // pg's pool.end() resolves before its clients have finished saying goodbye; FORCE would
        // cut them off mid-way, which surfaces as unhandled "terminating connection" errors.
        for (let i = 0; i < 100; i++) {
          const { rows } = await admin.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if (!rows[0]?.n) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dump = inject('pgliteDump');
  if (!dump) throw new Error('global setup did not prepare a PGlite template');
  return openPglite({ loadDataDir: new Blob([readFileSync(dump)]) });
}

/** True when the suite runs on real PostgreSQL: race tests only prove something there. */
export const onPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

/**
 * A second Database on the same PostgreSQL database, as a second server instance would open it.
 * Only meaningful on PostgreSQL.
 */
export async function openSecondInstance(first: Database): Promise<Database> {
  const client = (first.db as unknown as { $client: pg.Pool }).$client;
  const options = client.options as { connectionString: string };
  return openPostgres(options.connectionString, 10);
}
