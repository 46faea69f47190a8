import type { InternalApplication, InternalMember, Page } from '@app/contract';
import type { Db, DbOrTx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { UserEvents } from '../user/user-events.ts';
import type { InternalMemberRow, InternalMemberStatus, StaffRepository } from './staff.repository.ts';

interface Profile {
  nickname: string;
  avatar: string;
}

/**
 * Internal members generate without spending credits (the limit service asks isInternal). A user
 * applies once; an admin approves or rejects, and may change a decision later (revoke a member,
 * accept someone rejected before).
 */
export function createStaffService(deps: {
  db: Db;
  members: StaffRepository;
  profilesByIds?: (db: DbOrTx, ids: string[]) => Promise<Map<string, Profile>>;
  /** Told after a decision, so every instance's cache of the user drops it (credits become free or not). */
  events?: Pick<UserEvents, 'changed'>;
  /** Each decision is recorded (one entry per applicant) in the transaction that makes it. */
  audit: Pick<AuditService, 'record'>;
}) {
  const { db, members } = deps;
  const profilesByIds = deps.profilesByIds ?? (async () => new Map<string, Profile>());

  async function toMembers(rows: InternalMemberRow[]): Promise<InternalMember[]> {
    const profiles = await profilesByIds(
      db,
      rows.map((r) => r.userId),
    );
    return rows.map((r) => ({
      userId: r.userId,
      nickname: profiles.get(r.userId)?.nickname ?? '',
      avatar: profiles.get(r.userId)?.avatar ?? '',
      status: r.status,
      appliedAt: r.appliedAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
    }));
  }

  async function decideAll(adminId: string, userIds: string[], approve: boolean) {
    const unique = [...new Set(userIds)];
    return db.transaction(async (tx) => {
      const before = new Map((await members.lockMany(tx, unique)).map((r) => [r.userId, r.status]));
      const changed = await members.decide(tx, unique, {
        status: approve ? 'approved' : 'rejected',
        decidedBy: adminId,
      });
      // All or nothing: throwing here rolls back the rows already changed.
      if (changed.length !== unique.length) {
        const missing = unique.length - changed.length;
        throw notFound(
          unique.length === 1
            ? '该用户没有提交内部成员申请'
            : `所选的 ${missing} 位用户没有提交内部成员申请，本次审批没有做任何修改`,
        );
      }
      for (const row of changed) {
        await deps.audit.record(tx, {
          actorId: adminId,
          action: 'internal.decide',
          targetType: 'user',
          targetId: row.userId,
          before: { status: before.get(row.userId) ?? null },
          after: { status: row.status },
          note: unique.length > 1 ? `批量审批，共 ${unique.length} 人` : null,
        });
      }
      return changed.length;
    });
  }

  return {
    /** `on`: the caller's transaction (pricing.charge asks inside one; PGlite has one connection). */
    isInternal(userId: string, on: DbOrTx = db): Promise<boolean> {
      return members.isApproved(on, userId);
    },
    async application(userId: string): Promise<InternalApplication> {
      const row = await members.find(db, userId);
      return toApplication(row);
    },
    /** Applies once: a pending or approved application is returned as it is, not duplicated. */
    async apply(userId: string): Promise<InternalApplication> {
      const row = (await members.applyOnce(db, userId)) ?? (await members.find(db, userId));
      return toApplication(row);
    },
    async list(
      status: InternalMemberStatus | undefined,
      page: number,
      pageSize: number,
    ): Promise<Page<InternalMember>> {
      const result = await members.list(db, status, page, pageSize);
      return { items: await toMembers(result.items), total: result.total, page, pageSize };
    },
    async decide(adminId: string, userId: string, approve: boolean): Promise<number> {
      const changed = await decideAll(adminId, [userId], approve);
      await deps.events?.changed(userId);
      return changed;
    },
    async decideMany(adminId: string, userIds: string[], approve: boolean): Promise<number> {
      const changed = await decideAll(adminId, userIds, approve);
      for (const userId of userIds) await deps.events?.changed(userId);
      return changed;
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;

function toApplication(row: InternalMemberRow | undefined): InternalApplication {
  if (!row) return { status: 'none', appliedAt: null, decidedAt: null };
  return {
    status: row.status,
    appliedAt: row.appliedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}
