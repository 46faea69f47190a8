import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { isUuid } from '../../lib/uuid.ts';
import { orders } from '../order/order.tables.ts';
import { distributors } from '../referral/distributor.tables.ts';
import { internalMembers } from '../staff/staff.tables.ts';
import { creditWallets } from '../wallet/wallet.tables.ts';
import { type UserRow, users } from './user.tables.ts';

export type AdminUserFlagFilter = 'admin' | 'distributor' | 'internal' | 'disabled';

/** `%` and `_` typed by the admin are matched as themselves, not as wildcards. */
const contains = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/*
 * The admin's search filters and pages users by flags other modules own (distributor, internal
 * member) and shows their balance and paid orders: one query has to read those tables, so this
 * read-only view does, the one place the user module reads them. It never writes them.
 */
/**
 * The outer row's id, spelled out: in a one-table select Drizzle writes columns unqualified, and a
 * bare "id" inside `select … from orders` would be the order's own id.
 */
const userId = sql.raw('"users"."id"');
const isDistributor = sql<boolean>`exists (select 1 from ${distributors} where ${distributors.userId} = ${userId})`;
const isInternal = sql<boolean>`exists (select 1 from ${internalMembers} where ${internalMembers.userId} = ${userId} and ${internalMembers.status} = 'approved')`;
const creditsBalance = sql<number>`coalesce((select ${creditWallets.balance} from ${creditWallets} where ${creditWallets.userId} = ${userId}), 0)`;
const paidOrdersCount = sql<number>`(select count(*) from ${orders} where ${orders.userId} = ${userId} and ${orders.paidAt} is not null)`;

const rowFields = {
  user: users,
  isDistributor: isDistributor.mapWith(Boolean),
  isInternal: isInternal.mapWith(Boolean),
  creditsBalance: creditsBalance.mapWith(Number),
  paidOrdersCount: paidOrdersCount.mapWith(Number),
};

export interface AdminUserRow {
  user: UserRow;
  isDistributor: boolean;
  isInternal: boolean;
  creditsBalance: number;
  paidOrdersCount: number;
}

function keywordMatch(keyword: string): SQL | undefined {
  const matches = [eq(users.openid, keyword), ilike(users.nickname, contains(keyword))];
  if (isUuid(keyword)) matches.push(eq(users.id, keyword.toLowerCase()));
  return or(...matches);
}

const flagMatch: Record<AdminUserFlagFilter, SQL> = {
  admin: eq(users.role, 'admin'),
  distributor: isDistributor,
  internal: isInternal,
  disabled: isNotNull(users.disabledAt),
};

export function createAdminUserRepository() {
  return {
    async page(
      db: DbOrTx,
      filter: { keyword?: string; flag?: AdminUserFlagFilter },
      pageNo: number,
      pageSize: number,
    ): Promise<{ items: AdminUserRow[]; total: number }> {
      const where = and(
        filter.keyword ? keywordMatch(filter.keyword) : undefined,
        filter.flag ? flagMatch[filter.flag] : undefined,
      );
      const [items, [totalRow]] = await Promise.all([
        db
          .select(rowFields)
          .from(users)
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize),
        db.select({ total: count() }).from(users).where(where),
      ]);
      return { items, total: totalRow?.total ?? 0 };
    },

    async row(db: DbOrTx, id: string): Promise<AdminUserRow | undefined> {
      const [row] = await db.select(rowFields).from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /** Users bound to this one as their referrer. */
    async customersCount(db: DbOrTx, id: string): Promise<number> {
      const [row] = await db.select({ total: count() }).from(users).where(eq(users.referrerId, id));
      return row?.total ?? 0;
    },

    /**
     * Every admin's row, locked in id order (so two admin actions never deadlock): a role change
     * or a disable decides on who stays an admin with no other one changing it meanwhile.
     */
    lockAdmins(tx: DbOrTx): Promise<Pick<UserRow, 'id' | 'disabledAt'>[]> {
      return tx
        .select({ id: users.id, disabledAt: users.disabledAt })
        .from(users)
        .where(eq(users.role, 'admin'))
        .orderBy(asc(users.id))
        .for('update');
    },

    async lock(tx: DbOrTx, id: string): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
      return row;
    },

    /** Sets or clears disabled_at only if it is not so already; answers the new value, or undefined. */
    async setDisabled(
      tx: DbOrTx,
      id: string,
      disabled: boolean,
    ): Promise<{ disabledAt: Date | null } | undefined> {
      const [row] = await tx
        .update(users)
        .set({ disabledAt: disabled ? sql`now()` : null })
        .where(and(eq(users.id, id), disabled ? isNull(users.disabledAt) : isNotNull(users.disabledAt)))
        .returning({ disabledAt: users.disabledAt });
      return row;
    },

    async setRole(tx: DbOrTx, id: string, role: UserRow['role']): Promise<boolean> {
      const rows = await tx.update(users).set({ role }).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    },
  };
}
export type AdminUserRepository = ReturnType<typeof createAdminUserRepository>;
