import { z } from 'zod';
import { calendarDaySchema } from './common.ts';

/** How the admin's business figures are grouped: China days, ISO weeks (Monday first), months. */
export const statsGranularitySchema = z.enum(['day', 'week', 'month'], {
  error: '统计粒度只能是按日、按周或按月',
});
export type StatsGranularity = z.infer<typeof statsGranularitySchema>;

export const statsGranularityNames: Record<StatsGranularity, string> = {
  day: '按日',
  week: '按周',
  month: '按月',
};

/** One query reads at most this many days (a year, leap day included): it stays cheap. */
export const STATS_RANGE_MAX_DAYS = 366;
/** Without dates: the last 30 China days, today included. */
export const STATS_DEFAULT_DAYS = 30;

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included (1 when they are the same day). */
export function statsRangeDays(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
}

/** What is wrong with a range, in words an admin can act on; null when it is fine. */
export function statsRangeProblem(from: string, to: string): string | null {
  if (from > to) return '开始日期不能晚于结束日期';
  if (statsRangeDays(from, to) > STATS_RANGE_MAX_DAYS) {
    return `一次最多查询 ${STATS_RANGE_MAX_DAYS} 天，请缩短日期范围`;
  }
  return null;
}

/**
 * GET /admin/stats and GET /admin/stats.csv. Dates are China days, both included; a missing `to`
 * is today, a missing `from` is 29 days before `to`.
 */
export const statsQuerySchema = z
  .object({
    granularity: statsGranularitySchema.default('day'),
    from: calendarDaySchema.optional(),
    to: calendarDaySchema.optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    const problem = q.from && q.to ? statsRangeProblem(q.from, q.to) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['from'] });
  });
export type StatsQuery = z.infer<typeof statsQuerySchema>;

const cents = z.number().int();
const count = z.number().int();

/** What happened in one period (or, in `totals`, over the whole range). */
export const statsFiguresSchema = z.object({
  /** Amount of the orders paid in the period (by paid_at), refunded later or not. */
  revenueCents: cents,
  paidOrders: count,
  /** Refunds that succeeded in the period (by when they finished). */
  refundsCents: cents,
  refunds: count,
  newUsers: count,
  /** Distinct users who started a script generation or a persona analysis. */
  activeCreators: count,
  /** Script generations started. */
  generations: count,
  /** Scripts written (a generation writes one per variant). */
  scripts: count,
  /** Credits of the orders paid in the period. */
  creditsSold: count,
  /** Credits spent on generation, less what failed generations gave back. */
  creditsUsed: count,
  /** Withdrawals of commission approved (paid out) in the period. */
  commissionsPaidCents: cents,
});
export type StatsFigures = z.infer<typeof statsFiguresSchema>;

export const statsPeriodSchema = statsFiguresSchema.extend({
  /** The first day of the period (a Monday for weeks, the 1st for months). */
  period: z.string(),
  /** The days of the period inside the range (the first and last periods may be partial). */
  from: z.string(),
  to: z.string(),
});
export type StatsPeriod = z.infer<typeof statsPeriodSchema>;

export const statsSchema = z.object({
  granularity: statsGranularitySchema,
  from: z.string(),
  to: z.string(),
  periods: z.array(statsPeriodSchema),
  totals: statsFiguresSchema,
  /** Of the users who signed up in the range, how many have paid for an order (at any time). */
  conversion: z.object({
    signups: count,
    buyers: count,
    /** buyers / signups, 0..1; null when nobody signed up. */
    rate: z.number().nullable(),
  }),
  /** Commission owed right now (not per period): still pending, and settled but not yet paid out. */
  commissionsOwed: z.object({
    pendingCents: cents,
    settledCents: cents,
    totalCents: cents,
  }),
});
export type Stats = z.infer<typeof statsSchema>;

/** "2026-11-02 至 2026-11-08", "2026-11", "2026-11-05": how a period is named in the CSV and charts. */
export function statsPeriodLabel(granularity: StatsGranularity, p: Pick<StatsPeriod, 'from' | 'to'>) {
  if (granularity === 'day') return p.from;
  if (granularity === 'month') return p.from.slice(0, 7);
  return p.from === p.to ? p.from : `${p.from} 至 ${p.to}`;
}
