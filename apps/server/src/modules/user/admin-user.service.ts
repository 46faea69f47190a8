import type { AdminUser, AdminUserDetail, AdminUserListQuery, LedgerEntry, Order, Page } from '@app/contract';
import { ADMIN_USER_RECENT_MAX } from '@app/contract';
import type { Db, Tx } from '../../db/database.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { isDevOpenid } from '../../providers/login/dev-login.provider.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { AdminUserRepository, AdminUserRow } from './admin-user.repository.ts';
import { effectiveRole } from './user.service.ts';
import type { UserEvents } from './user-events.ts';

export const ADMIN_USER_NOT_FOUND_MESSAGE = '用户不存在，请核对用户编号';

/**
 * 用户管理: the admin's search and detail of users, and the two things an admin changes on an
 * account, each recorded in the audit log in its own transaction:
 * - disable / enable: a disabled account cannot sign in, and every session it had is deleted and
 *   dropped from every instance's caches at once;
 * - the admin role: granted or taken away, never from oneself, never from the last admin.
 */
export function createAdminUserService(deps: {
  db: Db;
  users: AdminUserRepository;
  sessions: Pick<SessionService, 'deleteAllOf' | 'forget'>;
  events: Pick<UserEvents, 'changed'>;
  audit: Pick<AuditService, 'record'>;
  /** The latest orders of a user (the order module's own list). */
  ordersOf: (userId: string, count: number) => Promise<Page<Order>>;
  /** The latest credit movements of a user (the wallet's ledger). */
  ledgerOf: (userId: string, count: number) => Promise<Page<LedgerEntry>>;
  /** The latest "disabled" entry of the audit log: why, and which admin. */
  lastDisable: (userId: string) => Promise<{ note: string | null; actorNickname: string } | undefined>;
  personasCount: (userId: string) => Promise<number>;
  scriptsCount: (userId: string) => Promise<number>;
  /** Production: accounts made by the dev login are never admins (see effectiveRole). */
  devAccountsNeverAdmin?: boolean;
}) {
  const { db, users } = deps;
  const devAccountsNeverAdmin = deps.devAccountsNeverAdmin ?? false;

  const toAdminUser = (row: AdminUserRow): AdminUser => ({
    id: row.user.id,
    nickname: row.user.nickname,
    avatar: row.user.avatar,
    role: effectiveRole(row.user, devAccountsNeverAdmin),
    isDistributor: row.isDistributor,
    isInternal: row.isInternal,
    disabledAt: row.user.disabledAt?.toISOString() ?? null,
    createdAt: row.user.createdAt.toISOString(),
    creditsBalance: row.creditsBalance,
    paidOrdersCount: row.paidOrdersCount,
  });

  async function requireRow(id: string): Promise<AdminUserRow> {
    const row = isUuid(id) ? await users.row(db, id) : undefined;
    if (!row) throw notFound(ADMIN_USER_NOT_FOUND_MESSAGE, 'user_not_found');
    return row;
  }

  /**
   * Locks every admin row, then the target's, and checks the actor is still an admin who can act:
   * two admins acting on each other at the same moment are decided one after the other.
   */
  async function lockForAction(tx: Tx, actorId: string, targetId: string) {
    const admins = await users.lockAdmins(tx);
    if (!admins.some((a) => a.id === actorId && !a.disabledAt)) {
      throw forbidden('你已不再是管理员，无法进行此操作', 'not_admin');
    }
    const target = isUuid(targetId) ? await users.lock(tx, targetId) : undefined;
    if (!target) throw notFound(ADMIN_USER_NOT_FOUND_MESSAGE, 'user_not_found');
    const activeAdminsBesidesTarget = admins.filter((a) => a.id !== targetId && !a.disabledAt).length;
    return { target, activeAdminsBesidesTarget };
  }

  /** After the commit: every instance forgets the sessions and the cached user at once. */
  async function announce(userId: string, endedSessions: string[] = []) {
    if (endedSessions.length > 0) await deps.sessions.forget(endedSessions);
    await deps.events.changed(userId);
  }

  return {
    async list(query: AdminUserListQuery): Promise<Page<AdminUser>> {
      const { items, total } = await users.page(
        db,
        { keyword: query.keyword || undefined, flag: query.flag },
        query.page,
        query.pageSize,
      );
      return { items: items.map(toAdminUser), total, page: query.page, pageSize: query.pageSize };
    },

    async detail(id: string): Promise<AdminUserDetail> {
      const row = await requireRow(id);
      const referrerId = row.user.referrerId;
      const [disable, referrer, customersCount, personasCount, scriptsCount, orders, ledger] =
        await Promise.all([
          row.user.disabledAt ? deps.lastDisable(id) : undefined,
          referrerId ? users.row(db, referrerId) : undefined,
          users.customersCount(db, id),
          deps.personasCount(id),
          deps.scriptsCount(id),
          deps.ordersOf(id, ADMIN_USER_RECENT_MAX),
          deps.ledgerOf(id, ADMIN_USER_RECENT_MAX),
        ]);
      return {
        ...toAdminUser(row),
        openid: row.user.openid,
        disabledReason: disable?.note ?? null,
        disabledByNickname: disable?.actorNickname ?? null,
        referrer: referrer ? { id: referrer.user.id, nickname: referrer.user.nickname } : null,
        customersCount,
        personasCount,
        scriptsCount,
        ordersCount: orders.total,
        orders: orders.items,
        ledgerCount: ledger.total,
        ledger: ledger.items,
      };
    },

    async disable(actorId: string, targetId: string, reason: string): Promise<AdminUser> {
      if (actorId === targetId) throw unprocessable('不能停用自己的账号', 'self_disable');
      const endedSessions = await db.transaction(async (tx) => {
        const { target, activeAdminsBesidesTarget } = await lockForAction(tx, actorId, targetId);
        if (target.disabledAt) throw conflict('该账号已是停用状态');
        if (target.role === 'admin' && activeAdminsBesidesTarget === 0) {
          throw unprocessable('不能停用唯一可用的管理员账号', 'last_admin');
        }
        const changed = await users.setDisabled(tx, targetId, true);
        const ended = await deps.sessions.deleteAllOf(tx, targetId);
        await deps.audit.record(tx, {
          actorId,
          action: 'user.disable',
          targetType: 'user',
          targetId,
          before: { disabledAt: null },
          after: { disabledAt: changed?.disabledAt?.toISOString() ?? null, sessionsEnded: ended.length },
          note: reason,
        });
        return ended;
      });
      await announce(targetId, endedSessions);
      return toAdminUser(await requireRow(targetId));
    },

    async enable(actorId: string, targetId: string, reason: string | undefined): Promise<AdminUser> {
      await db.transaction(async (tx) => {
        const { target } = await lockForAction(tx, actorId, targetId);
        if (!target.disabledAt) throw conflict('该账号没有被停用');
        await users.setDisabled(tx, targetId, false);
        await deps.audit.record(tx, {
          actorId,
          action: 'user.enable',
          targetType: 'user',
          targetId,
          before: { disabledAt: target.disabledAt.toISOString() },
          after: { disabledAt: null },
          note: reason || null,
        });
      });
      await announce(targetId);
      return toAdminUser(await requireRow(targetId));
    },

    async setAdmin(actorId: string, targetId: string, admin: boolean): Promise<AdminUser> {
      await db.transaction(async (tx) => {
        const { target, activeAdminsBesidesTarget } = await lockForAction(tx, actorId, targetId);
        if (!admin && actorId === targetId) {
          throw unprocessable(
            activeAdminsBesidesTarget === 0
              ? '你是唯一的管理员，不能取消自己的管理员权限'
              : '不能取消自己的管理员权限，如需取消请由其他管理员操作',
            'self_demote',
          );
        }
        const role = effectiveRole(target, devAccountsNeverAdmin);
        if (admin) {
          if (role === 'admin') throw conflict('该用户已经是管理员');
          if (devAccountsNeverAdmin && isDevOpenid(target.openid)) {
            throw unprocessable(
              '该账号是通过模拟登录创建的，任何人输入同一昵称都能登录，不能设为管理员',
              'dev_account',
            );
          }
          if (target.disabledAt) throw unprocessable('该账号已停用，请先恢复后再设为管理员', 'disabled');
        } else {
          if (target.role !== 'admin') throw conflict('该用户不是管理员');
          if (activeAdminsBesidesTarget === 0) throw unprocessable('至少需要保留一位管理员', 'last_admin');
        }
        await users.setRole(tx, targetId, admin ? 'admin' : 'user');
        await deps.audit.record(tx, {
          actorId,
          action: 'user.role',
          targetType: 'user',
          targetId,
          before: { role: target.role },
          after: { role: admin ? 'admin' : 'user' },
        });
      });
      await announce(targetId);
      return toAdminUser(await requireRow(targetId));
    },
  };
}
export type AdminUserService = ReturnType<typeof createAdminUserService>;
