import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { type DistributorRow, distributors } from './distributor.tables.ts';

async function findByUser(db: DbOrTx, userId: string): Promise<DistributorRow | undefined> {
  const [row] = await db.select().from(distributors).where(eq(distributors.userId, userId)).limit(1);
  return row;
}

export function createDistributorRepository() {
  return {
    findByUser,
    async findByCode(db: DbOrTx, code: string): Promise<DistributorRow | undefined> {
      const [row] = await db.select().from(distributors).where(eq(distributors.code, code)).limit(1);
      return row;
    },
    /**
     * Inserts unless the user already is one. Returns the row that exists afterwards, or
     * undefined when the code was taken by someone else (the caller draws another).
     */
    async insert(db: DbOrTx, userId: string, code: string): Promise<DistributorRow | undefined> {
      const [inserted] = await db
        .insert(distributors)
        .values({ userId, code })
        .onConflictDoNothing()
        .returning();
      if (inserted) return inserted;
      return findByUser(db, userId);
    },
  };
}
export type DistributorRepository = ReturnType<typeof createDistributorRepository>;
