import type { CustomerSummary, DistributionInfo, Earnings } from '@app/contract';
import type { Db, DbOrTx } from '../../db/database.ts';
import { chinaDay } from '../../lib/china-day.ts';
import type { CommissionRepository } from './commission.repository.ts';

const DAY_MS = 86_400_000;

interface ReferredPage {
  items: { userId: string; nickname: string; avatar: string; boundAt: Date }[];
  total: number;
}

/** What a distributor sees about their customers and earnings; only ever their own rows. */
export function createCustomersService(deps: {
  db: Db;
  commissions: CommissionRepository;
  listReferredBy: (db: DbOrTx, referrerId: string, page: number, pageSize: number) => Promise<ReferredPage>;
  now?: () => Date;
}) {
  const { db, commissions } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async info(distributorId: string, page: number, pageSize: number): Promise<DistributionInfo> {
      const [customers, totals] = await Promise.all([
        deps.listReferredBy(db, distributorId, page, pageSize),
        commissions.summary(db, distributorId),
      ]);
      const perCustomer = await commissions.totalsByCustomer(
        db,
        distributorId,
        customers.items.map((c) => c.userId),
      );
      const summary: CustomerSummary = { customerCount: customers.total, ...totals };
      return {
        items: customers.items.map((c) => {
          const t = perCustomer.get(c.userId);
          return {
            userId: c.userId,
            nickname: c.nickname,
            avatar: c.avatar,
            boundAt: c.boundAt.toISOString(),
            paidCents: t?.paidCents ?? 0,
            orderCount: t?.orderCount ?? 0,
            commissionCents: t?.commissionCents ?? 0,
          };
        }),
        total: customers.total,
        page,
        pageSize,
        summary,
      };
    },

    /** One point per day (China time) for the last `days` days, today included, zeros filled in. */
    async earnings(distributorId: string, days: number): Promise<Earnings> {
      const today = chinaDay(now());
      const firstDay = new Date(Date.parse(`${today}T00:00:00+08:00`) - (days - 1) * DAY_MS);
      const rows = await commissions.earnedPerDay(db, distributorId, firstDay);
      const byDay = new Map(rows.map((r) => [r.date, r.earnedCents]));
      const points = Array.from({ length: days }, (_, i) => {
        const date = chinaDay(new Date(firstDay.getTime() + i * DAY_MS));
        return { date, earnedCents: byDay.get(date) ?? 0 };
      });
      return { points };
    },
  };
}
export type CustomersService = ReturnType<typeof createCustomersService>;
