import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './database.ts';

/**
 * The rows of a raw db.execute(). Both drivers answer { rows } (node-postgres' QueryResult,
 * PGlite's Results), which drizzle's shared type does not say; anything else is a driver this
 * code was not written for, and fails loudly rather than reading as "no rows".
 */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) throw new Error('db.execute() answered without rows: unknown driver result');
  return rows as T[];
}

/** Runs raw SQL and answers its rows, typed as the query's select list says. */
export async function executeRows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}
