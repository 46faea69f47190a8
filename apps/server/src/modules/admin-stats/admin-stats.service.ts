import {
  STATS_DEFAULT_DAYS,
  type Stats,
  type StatsFigures,
  type StatsPeriod,
  type StatsQuery,
  statsRangeProblem,
} from '@app/contract';
import type { Db } from '../../db/database.ts';
import { chinaDay, chinaDayStart } from '../../lib/china-day.ts';
import { badRequest } from '../../lib/errors.ts';
import type { AdminStatsRepository, StatsWindow } from './admin-stats.repository.ts';

const DAY_MS = 86_400_000;

/** The admin's business figures per day, week or month of a range of China days. */
export function createAdminStatsService(deps: { db: Db; stats: AdminStatsRepository; now?: () => Date }) {
  const { db, stats } = deps;
  const now = deps.now ?? (() => new Date());

  /** The query's range, with its defaults filled in; a bad one is a 400 that names the problem. */
  function windowOf(query: StatsQuery): StatsWindow {
    const to = query.to ?? chinaDay(now());
    const from = query.from ?? addDays(to, -(STATS_DEFAULT_DAYS - 1));
    const problem = statsRangeProblem(from, to);
    if (problem) throw badRequest(problem, 'stats_bad_range');
    return {
      granularity: query.granularity,
      from,
      to,
      since: chinaDayStart(from),
      until: new Date(chinaDayStart(to).getTime() + DAY_MS),
    };
  }

  return {
    async get(query: StatsQuery): Promise<Stats> {
      const w = windowOf(query);
      const [rows, range, owed] = await Promise.all([
        stats.perPeriod(db, w),
        stats.rangeOnly(db, w),
        stats.commissionsOwed(db),
      ]);
      const periods = rows.map((row, i): StatsPeriod => {
        const period = String(row.period);
        const next = rows[i + 1]?.period;
        return {
          period,
          // The first and last periods are cut to the range.
          from: laterDay(period, w.from),
          to: next === undefined ? w.to : addDays(String(next), -1),
          ...figuresOf(row),
        };
      });
      const signups = num(range.signups);
      const buyers = num(range.buyers);
      const pendingCents = num(owed.pending_cents);
      const settledCents = num(owed.settled_cents);
      return {
        granularity: w.granularity,
        from: w.from,
        to: w.to,
        periods,
        totals: { ...sumFigures(periods), activeCreators: num(range.active_creators) },
        conversion: { signups, buyers, rate: signups === 0 ? null : buyers / signups },
        commissionsOwed: { pendingCents, settledCents, totalCents: pendingCents + settledCents },
      };
    },
  };
}
export type AdminStatsService = ReturnType<typeof createAdminStatsService>;

/** PostgreSQL sends sums and counts as bigint, which the drivers hand on as text or bigint. */
const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

function figuresOf(row: Record<string, unknown>): StatsFigures {
  return {
    revenueCents: num(row.revenue_cents),
    paidOrders: num(row.paid_orders),
    refundsCents: num(row.refunds_cents),
    refunds: num(row.refunds),
    newUsers: num(row.new_users),
    activeCreators: num(row.active_creators),
    generations: num(row.generations),
    scripts: num(row.scripts),
    creditsSold: num(row.credits_sold),
    creditsUsed: num(row.credits_used),
    commissionsPaidCents: num(row.commissions_paid_cents),
  };
}

function sumFigures(periods: StatsFigures[]): StatsFigures {
  const total = figuresOf({});
  for (const p of periods) {
    for (const key of Object.keys(total) as (keyof StatsFigures)[]) total[key] += p[key];
  }
  return total;
}

/** YYYY-MM-DD strings sort as the days do (Math.max would make them NaN). */
function laterDay(a: string, b: string): string {
  return [a, b].sort()[1]!;
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
