import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { internalMembers } from './internal.schema.ts';

export function createInternalRepository() {
  return {
    async isApproved(db: DbOrTx, userId: string): Promise<boolean> {
      const rows = await db
        .select({ userId: internalMembers.userId })
        .from(internalMembers)
        .where(and(eq(internalMembers.userId, userId), eq(internalMembers.status, 'approved')))
        .limit(1);
      return rows.length > 0;
    },
  };
}
export type InternalRepository = ReturnType<typeof createInternalRepository>;
