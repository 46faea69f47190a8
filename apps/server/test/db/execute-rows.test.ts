import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { executeRows, rowsOf } from '../../src/db/execute-rows.ts';
import { createTestDatabase, onPostgres } from '../helpers/test-database.ts';

describe(`executeRows on ${onPostgres() ? 'PostgreSQL' : 'PGlite'}`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('answers the rows of a raw query, in order, as the select list names them', async () => {
    const rows = await executeRows<{ n: number; label: string }>(
      database.db,
      sql`select n::int as n, 'row ' || n as label from generate_series(1, 3) as n order by n`,
    );
    expect(rows).toEqual([
      { n: 1, label: 'row 1' },
      { n: 2, label: 'row 2' },
      { n: 3, label: 'row 3' },
    ]);
  });

  it('answers an empty list when a statement returns nothing, inside a transaction too', async () => {
    const rows = await database.db.transaction((tx) =>
      executeRows<{ id: string }>(tx, sql`update users set nickname = nickname where false returning id`),
    );
    expect(rows).toEqual([]);
  });

  it('answers the rows update … returning touched', async () => {
    // One transaction: a temporary table lives on one connection of the pool.
    const rows = await database.db.transaction(async (tx) => {
      await tx.execute(
        sql`create temporary table execute_rows_probe (id int primary key, v int) on commit drop`,
      );
      await tx.execute(sql`insert into execute_rows_probe values (1, 0), (2, 0), (3, 0)`);
      return executeRows<{ id: number }>(
        tx,
        sql`update execute_rows_probe set v = 1 where id >= 2 returning id`,
      );
    });
    expect(rows.map((r) => r.id).sort()).toEqual([2, 3]);
  });
});

describe('rowsOf', () => {
  it('refuses a result without rows instead of reading it as none', () => {
    expect(rowsOf({ rows: [{ a: 1 }] })).toEqual([{ a: 1 }]);
    expect(() => rowsOf([{ a: 1 }])).toThrow(/unknown driver result/);
    expect(() => rowsOf(undefined)).toThrow(/unknown driver result/);
    expect(() => rowsOf({ rowCount: 1 })).toThrow(/unknown driver result/);
  });
});
