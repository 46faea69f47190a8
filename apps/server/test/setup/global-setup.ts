import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/db/database.ts';
import { adminUrl, databaseUrl } from '../helpers/postgres-url.ts';

/**
 * Migrates one template per run; each test file then starts from it: on PGlite by loading a dump
 * of the migrated data directory (~1 s instead of initdb's ~4 s), on PostgreSQL with
 * CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const template = `app_tpl_${process.pid}_${Date.now()}`;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: adminUrl(base) });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const migrated = await openPostgres(databaseUrl(base, template), 2);
    await migrated.close();
    project.provide('pgTemplate', template);
    return async () => {
      // Drop the template and any per-file database a crashed worker left behind.
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1`,
        [`${template}%`],
      );
      for (const { datname } of rows.sort((a, b) => b.datname.length - a.datname.length)) {
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
      await admin.end();
    };
  }

  const dir = mkdtempSync(join(tmpdir(), 'pglite-tpl-'));
  const database = await openPglite({});
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteDump', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate?: string;
    pgliteDump?: string;
  }
}
