import type { AuditAction, AuditEntry, AuditListQuery, AuditTargetType, Page } from '@app/contract';
import type { Db, Tx } from '../../db/database.ts';
import { chinaDayStart } from '../../lib/china-day.ts';
import type { AuditRepository } from './audit.repository.ts';

export interface AuditRecord {
  actorId: string;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  /** The values the action changed, before and after, as an admin would read them. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  note?: string | null;
}

const DAY_MS = 86_400_000;

/**
 * The admin audit log. `record` takes the transaction of the action it records, so an action and
 * its entry commit together or not at all: there is no admin change without its line.
 */
export function createAuditService(deps: {
  db: Db;
  entries: AuditRepository;
  profilesByIds: (db: Db, ids: string[]) => Promise<Map<string, { nickname: string }>>;
}) {
  const { db, entries } = deps;
  return {
    async record(tx: Tx, entry: AuditRecord): Promise<void> {
      await entries.insert(tx, {
        actorId: entry.actorId,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        before: entry.before ?? null,
        after: entry.after ?? null,
        note: entry.note ?? null,
      });
    },

    async list(query: AuditListQuery): Promise<Page<AuditEntry>> {
      const since = query.from ? chinaDayStart(query.from) : undefined;
      const until = query.to ? new Date(chinaDayStart(query.to).getTime() + DAY_MS) : undefined;
      const { items, total } = await entries.page(
        db,
        {
          action: query.action,
          targetType: query.targetType,
          targetId: query.targetId,
          actorId: query.actorId,
          since,
          until,
        },
        query.page,
        query.pageSize,
      );
      // One lookup names the actors and the users acted on.
      const people = await deps.profilesByIds(db, [
        ...items.map((row) => row.actorId),
        ...items.filter((row) => row.targetType === 'user').map((row) => row.targetId),
      ]);
      return {
        items: items.map((row) => ({
          id: row.id,
          actorId: row.actorId,
          actorNickname: people.get(row.actorId)?.nickname ?? '',
          action: row.action as AuditAction,
          targetType: row.targetType as AuditTargetType,
          targetId: row.targetId,
          targetLabel: row.targetType === 'user' ? (people.get(row.targetId)?.nickname ?? null) : null,
          before: (row.before as Record<string, unknown> | null) ?? null,
          after: (row.after as Record<string, unknown> | null) ?? null,
          note: row.note,
          createdAt: row.createdAt.toISOString(),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
