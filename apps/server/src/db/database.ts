import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverRoot } from '../lib/server-root.ts';
import { createPgliteBus, createPostgresBus, type EventBus } from './event-bus.ts';
import { advisoryLocks } from './locks.ts';
import * as schema from './tables.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either the database or a transaction, so services decide the boundary. */
export type DbOrTx = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  bus: EventBus;
  close(): Promise<void>;
}

export const migrationsFolder = resolve(serverRoot, 'drizzle');
/** A migrated, empty data directory made at build time (scripts/build-server.mjs). */
export const pgliteTemplateFile = resolve(serverRoot, 'dist/pglite-template.tar');
/** Relative data paths mean the repository root, whichever workspace a command runs from. */
const repoRoot = resolve(serverRoot, '../..');

export async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [advisoryLocks.migrations]);
    await migrateNodePg(drizzleNodePg(lockClient, { schema }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [advisoryLocks.migrations]).catch(() => {});
    lockClient.release();
  }
  const bus = await createPostgresBus(url);
  return {
    kind: 'postgres',
    db: drizzleNodePg(pool, { schema }) as unknown as Db,
    bus,
    async close() {
      await bus.close();
      await pool.end();
    },
  };
}

/** `dataDir` undefined = in memory; `loadDataDir` starts from a dump of a migrated directory. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  let loadDataDir = options.loadDataDir;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    // A new directory starts from the prepared template: initdb alone takes seconds. Migrations
    // still run below, so a template older than the code is brought up to date.
    if (!loadDataDir && readdirSync(options.dataDir).length === 0 && existsSync(pgliteTemplateFile)) {
      loadDataDir = new Blob([readFileSync(pgliteTemplateFile)]);
    }
  }
  const client = await PGlite.create(options.dataDir, { loadDataDir });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  const bus = createPgliteBus(client);
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    bus,
    async close() {
      await bus.close();
      await client.close();
    },
  };
}

export function openDatabase(config: {
  DATABASE_URL?: string | undefined;
  PGLITE_DIR: string;
  DB_POOL_SIZE: number;
}): Promise<Database> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL, config.DB_POOL_SIZE)
    : openPglite({ dataDir: resolve(repoRoot, config.PGLITE_DIR) });
}
