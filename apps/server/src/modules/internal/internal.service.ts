import type { Db } from '../../db/database.ts';
import type { InternalRepository } from './internal.repository.ts';

export function createInternalService(deps: { db: Db; members: InternalRepository }) {
  const { db, members } = deps;
  return {
    isInternal(userId: string): Promise<boolean> {
      return members.isApproved(db, userId);
    },
  };
}
export type InternalService = ReturnType<typeof createInternalService>;
