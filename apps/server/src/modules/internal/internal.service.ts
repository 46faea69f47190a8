import type { Db, DbOrTx } from '../../db/database.ts';
import type { InternalRepository } from './internal.repository.ts';

export function createInternalService(deps: { db: Db; members: InternalRepository }) {
  const { db, members } = deps;
  return {
    /** `on`: the caller's transaction (limit.charge asks inside one; PGlite has one connection). */
    isInternal(userId: string, on: DbOrTx = db): Promise<boolean> {
      return members.isApproved(on, userId);
    },
  };
}
export type InternalService = ReturnType<typeof createInternalService>;
