import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { type AdminAuditRow, adminAuditLog } from './audit.tables.ts';

export interface AuditFilter {
  action?: string;
  targetType?: string;
  targetId?: string;
  actorId?: string;
  /** Half-open: [since, until). */
  since?: Date;
  until?: Date;
}

export function createAuditRepository() {
  return {
    async insert(db: DbOrTx, row: typeof adminAuditLog.$inferInsert): Promise<AdminAuditRow> {
      const [inserted] = await db.insert(adminAuditLog).values(row).returning();
      return inserted!;
    },
    async page(db: DbOrTx, filter: AuditFilter, pageNo: number, pageSize: number) {
      const conditions: SQL[] = [];
      if (filter.action) conditions.push(eq(adminAuditLog.action, filter.action));
      if (filter.targetType) conditions.push(eq(adminAuditLog.targetType, filter.targetType));
      if (filter.targetId) conditions.push(eq(adminAuditLog.targetId, filter.targetId));
      if (filter.actorId) conditions.push(eq(adminAuditLog.actorId, filter.actorId));
      if (filter.since) conditions.push(gte(adminAuditLog.createdAt, filter.since));
      if (filter.until) conditions.push(lt(adminAuditLog.createdAt, filter.until));
      const where = conditions.length ? and(...conditions) : undefined;
      const [items, [totalRow]] = await Promise.all([
        db
          .select()
          .from(adminAuditLog)
          .where(where)
          .orderBy(desc(adminAuditLog.id))
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize),
        db.select({ total: count() }).from(adminAuditLog).where(where),
      ]);
      return { items, total: totalRow?.total ?? 0 };
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
