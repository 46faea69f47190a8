import { and, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { type LoginStateRow, loginStates } from './auth.tables.ts';

/**
 * The only SQL of QR login states. Every status change is one conditional UPDATE, and times are
 * the database's `now()`, so two instances (and their clocks) always agree on who won and on
 * whether a state has expired.
 */
const OPEN = ['waiting', 'scanned'] as const;

export function createLoginStateRepository() {
  return {
    async insert(
      db: DbOrTx,
      values: { state: string; referralCode: string | null; ttlSec: number },
    ): Promise<LoginStateRow> {
      const [row] = await db
        .insert(loginStates)
        .values({
          state: values.state,
          referralCode: values.referralCode,
          expiresAt: sql`now() + make_interval(secs => ${values.ttlSec})`,
        })
        .returning();
      if (!row) throw new Error('login state insert returned nothing');
      return row;
    },

    async find(db: DbOrTx, state: string): Promise<LoginStateRow | undefined> {
      const [row] = await db.select().from(loginStates).where(eq(loginStates.state, state)).limit(1);
      return row;
    },

    /** waiting → scanned while still valid; false when it was not waiting (or has expired). */
    async markScanned(db: DbOrTx, state: string): Promise<boolean> {
      const rows = await db
        .update(loginStates)
        .set({ status: 'scanned' })
        .where(
          and(
            eq(loginStates.state, state),
            eq(loginStates.status, 'waiting'),
            gt(loginStates.expiresAt, sql`now()`),
          ),
        )
        .returning({ state: loginStates.state });
      return rows.length > 0;
    },

    /** waiting|scanned → complete for this user, only before expiry; false when someone else won. */
    async complete(db: DbOrTx, state: string, userId: string): Promise<boolean> {
      const rows = await db
        .update(loginStates)
        .set({ status: 'complete', userId, completedAt: sql`now()` })
        .where(
          and(
            eq(loginStates.state, state),
            inArray(loginStates.status, OPEN),
            gt(loginStates.expiresAt, sql`now()`),
          ),
        )
        .returning({ state: loginStates.state });
      return rows.length > 0;
    },

    /** waiting|scanned → expired once its time has come; false if it is not (yet) expirable. */
    async expire(db: DbOrTx, state: string): Promise<boolean> {
      const rows = await db
        .update(loginStates)
        .set({ status: 'expired' })
        .where(
          and(
            eq(loginStates.state, state),
            inArray(loginStates.status, OPEN),
            lte(loginStates.expiresAt, sql`now()`),
          ),
        )
        .returning({ state: loginStates.state });
      return rows.length > 0;
    },

    /**
     * Claims the right to hand out the session token of a completed state: succeeds for exactly
     * one caller, and only within `claimWindowSec` of completion. Returns the user to log in.
     */
    async claimToken(db: DbOrTx, state: string, claimWindowSec: number): Promise<string | undefined> {
      const [row] = await db
        .update(loginStates)
        .set({ tokenClaimedAt: sql`now()` })
        .where(
          and(
            eq(loginStates.state, state),
            eq(loginStates.status, 'complete'),
            isNull(loginStates.tokenClaimedAt),
            gt(loginStates.completedAt, sql`now() - make_interval(secs => ${claimWindowSec})`),
          ),
        )
        .returning({ userId: loginStates.userId });
      return row?.userId ?? undefined;
    },

    /** Old attempts are worthless after a day; keeps the table small. */
    async purgeOlderThan(db: DbOrTx, hours: number): Promise<number> {
      const rows = await db
        .delete(loginStates)
        .where(lt(loginStates.createdAt, sql`now() - make_interval(hours => ${hours})`))
        .returning({ state: loginStates.state });
      return rows.length;
    },
  };
}
export type LoginStateRepository = ReturnType<typeof createLoginStateRepository>;
