import type { StatsGranularity } from '@app/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database.ts';
import { executeRows } from '../../db/execute-rows.ts';
import {
  creatorGenerations,
  creditLedger,
  distributionWallets,
  orderRefunds,
  orders,
  personaAnalyses,
  scripts,
  users,
  withdrawals,
} from '../../db/tables.ts';

/**
 * The admin's business figures. This module only reads, and reads across every module's tables
 * (through the gathered schema), because a report is one query over the whole business: going
 * through ten services would read every row into Node instead of letting PostgreSQL sum them.
 *
 * China time is UTC+8 all year; timestamps are shifted rather than converted AT TIME ZONE
 * 'Asia/Shanghai', so the same SQL runs on PGlite, which ships no time-zone database.
 */
export interface StatsWindow {
  granularity: StatsGranularity;
  /** China days, both included. */
  from: string;
  to: string;
  /** The instants the range starts and ends (half-open), for the index-friendly filters. */
  since: Date;
  until: Date;
}

/** One period's raw figures, as PostgreSQL answers them (numbers may come as text or bigint). */
type Row = Record<string, unknown>;

const GRANULARITY_UNITS: Record<StatsGranularity, string> = { day: 'day', week: 'week', month: 'month' };

export function createAdminStatsRepository() {
  return {
    /** Every period of the range, empty ones included, with what happened in it. */
    async perPeriod(db: DbOrTx, w: StatsWindow): Promise<Row[]> {
      // From the enum above, never from the request as typed: safe to write into the SQL.
      const unit = sql.raw(`'${GRANULARITY_UNITS[w.granularity]}'`);
      const step = sql.raw(`interval '1 ${GRANULARITY_UNITS[w.granularity]}'`);
      const bucket = (column: AnyPgColumn) => sql`date_trunc(${unit}, ${chinaLocal(column)})::date`;
      const within = (column: AnyPgColumn) => inWindow(column, w);

      return executeRows(
        db,
        sql`
        with periods as (
          select gs::date as period
          from generate_series(
            date_trunc(${unit}, ${w.from}::timestamp), ${w.to}::timestamp, ${step}
          ) as gs
        ),
        paid as (
          select ${bucket(orders.paidAt)} as period, sum(${orders.amountCents})::bigint as revenue_cents,
            count(*) as paid_orders, sum(${orders.credits})::bigint as credits_sold
          from ${orders} where ${within(orders.paidAt)} group by 1
        ),
        refunded as (
          select period, sum(cents)::bigint as refunds_cents, count(*) as refunds from (
            select ${bucket(orderRefunds.finishedAt)} as period, ${orderRefunds.amountCents} as cents
            from ${orderRefunds}
            where ${orderRefunds.status} = 'succeeded' and ${within(orderRefunds.finishedAt)}
            union all
            ${legacyFullRefunds(bucket(orders.refundedAt), within(orders.refundedAt))}
          ) as r group by 1
        ),
        signups as (
          select ${bucket(users.createdAt)} as period, count(*) as new_users
          from ${users} where ${within(users.createdAt)} group by 1
        ),
        active as (
          select period, count(distinct user_id) as active_creators
          from (${creatorStarts(w, unit)}) as s group by 1
        ),
        generated as (
          select ${bucket(creatorGenerations.createdAt)} as period, count(*) as generations
          from ${creatorGenerations} where ${within(creatorGenerations.createdAt)} group by 1
        ),
        written as (
          select ${bucket(scripts.createdAt)} as period, count(*) as scripts
          from ${scripts} where ${within(scripts.createdAt)} group by 1
        ),
        spent as (
          select ${bucket(creditLedger.createdAt)} as period, -sum(${creditLedger.delta})::bigint as credits_used
          from ${creditLedger} where ${creditsSpentRows()} and ${within(creditLedger.createdAt)} group by 1
        ),
        payouts as (
          select ${bucket(withdrawals.decidedAt)} as period, sum(${withdrawals.amountCents})::bigint as commissions_paid_cents
          from ${withdrawals}
          where ${withdrawals.status} = 'approved' and ${within(withdrawals.decidedAt)} group by 1
        )
        select to_char(p.period, 'YYYY-MM-DD') as period, paid.revenue_cents, paid.paid_orders,
          paid.credits_sold, refunded.refunds_cents, refunded.refunds, signups.new_users,
          active.active_creators, generated.generations, written.scripts, spent.credits_used,
          payouts.commissions_paid_cents
        from periods p
          left join paid using (period)
          left join refunded using (period)
          left join signups using (period)
          left join active using (period)
          left join generated using (period)
          left join written using (period)
          left join spent using (period)
          left join payouts using (period)
        order by p.period`,
      );
    },

    /** Figures that do not add up across periods: distinct creators over the whole range, and sign-up conversion. */
    async rangeOnly(db: DbOrTx, w: StatsWindow): Promise<Row> {
      const [row] = await executeRows(
        db,
        sql`
        select
          (select count(distinct user_id) from (${creatorStarts(w, sql.raw(`'day'`))}) as s) as active_creators,
          (select count(*) from ${users} where ${inWindow(users.createdAt, w)}) as signups,
          (select count(*) from ${users}
            where ${inWindow(users.createdAt, w)}
              and exists (
                select 1 from ${orders} where ${orders.userId} = ${users.id} and ${orders.paidAt} is not null
              )) as buyers`,
      );
      return row ?? {};
    },

    /** Commission owed now: pending, and settled but not paid out (available or frozen in a withdrawal). */
    async commissionsOwed(db: DbOrTx): Promise<Row> {
      const [row] = await executeRows(
        db,
        sql`
        select coalesce(sum(${distributionWallets.pendingCents}), 0)::bigint as pending_cents,
          coalesce(sum(${distributionWallets.availableCents} + ${distributionWallets.frozenCents}), 0)::bigint
            as settled_cents
        from ${distributionWallets}`,
      );
      return row ?? {};
    },
  };
}
export type AdminStatsRepository = ReturnType<typeof createAdminStatsRepository>;

/** The column's instant as a China wall-clock timestamp. */
function chinaLocal(column: AnyPgColumn | SQL): SQL {
  return sql`((${column} at time zone 'UTC') + interval '8 hours')`;
}

function inWindow(column: AnyPgColumn, w: StatsWindow): SQL {
  return sql`${column} >= ${w.since.toISOString()}::timestamptz and ${column} < ${w.until.toISOString()}::timestamptz`;
}

/**
 * Orders refunded whole before partial refunds existed (status refunded, no succeeded refund row):
 * their whole amount, on the day they were refunded.
 */
function legacyFullRefunds(bucket: SQL, within: SQL): SQL {
  return sql`
    select ${bucket} as period, ${orders.amountCents} as cents
    from ${orders}
    where ${orders.refundedAt} is not null and ${within}
      and not exists (
        select 1 from ${orderRefunds}
        where ${orderRefunds.orderId} = ${orders.id} and ${orderRefunds.status} = 'succeeded'
      )`;
}

/** Who started a script generation or a persona analysis, and in which period. */
function creatorStarts(w: StatsWindow, unit: SQL): SQL {
  return sql`
    select date_trunc(${unit}, ${chinaLocal(creatorGenerations.createdAt)})::date as period,
      ${creatorGenerations.userId} as user_id
    from ${creatorGenerations} where ${inWindow(creatorGenerations.createdAt, w)}
    union all
    select date_trunc(${unit}, ${chinaLocal(personaAnalyses.createdAt)})::date as period,
      ${personaAnalyses.userId} as user_id
    from ${personaAnalyses} where ${inWindow(personaAnalyses.createdAt, w)}`;
}

/**
 * Credits spent: generation charges (negative), less what a failed generation gave back (the
 * positive `refund` rows; an order refund takes credits back, negative, and is not spending).
 */
function creditsSpentRows(): SQL {
  return sql`((${creditLedger.reason} = 'generation' and ${creditLedger.delta} < 0)
    or (${creditLedger.reason} = 'refund' and ${creditLedger.delta} > 0))`;
}
