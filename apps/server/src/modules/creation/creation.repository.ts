import type { GenerationInput } from '@app/contract';
import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { executeRows } from '../../db/execute-rows.ts';
import { CREATION_USER_LOCK_PREFIX } from '../../db/locks.ts';
import {
  creatorGenerations,
  creatorVariants,
  type GenerationRow,
  type VariantRow,
} from './creation.tables.ts';

type Status = GenerationRow['status'];

/** Generations and their variants' preview text. Script rows live in script.repository.ts. */
export function createCreationRepository() {
  return {
    /**
     * Serialises the starts of one user's generations (concurrency cap) without touching another
     * module's table: a transaction-scoped advisory lock keyed by the user id.
     */
    async lockUser(tx: DbOrTx, userId: string) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`${CREATION_USER_LOCK_PREFIX}${userId}`}, 0))`,
      );
    },

    async countRunning(db: DbOrTx, userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(creatorGenerations)
        .where(and(eq(creatorGenerations.userId, userId), eq(creatorGenerations.status, 'generating')));
      return row?.n ?? 0;
    },

    async insert(
      tx: DbOrTx,
      row: { id: string; userId: string; input: GenerationInput; charged: number; runnerId: string },
    ): Promise<GenerationRow> {
      const [inserted] = await tx.insert(creatorGenerations).values(row).returning();
      await tx
        .insert(creatorVariants)
        .values(Array.from({ length: row.input.variants }, (_, idx) => ({ generationId: row.id, idx })));
      return inserted!;
    },

    async find(db: DbOrTx, id: string): Promise<GenerationRow | undefined> {
      const [row] = await db.select().from(creatorGenerations).where(eq(creatorGenerations.id, id));
      return row;
    },

    async findOwned(db: DbOrTx, userId: string, id: string): Promise<GenerationRow | undefined> {
      const [row] = await db
        .select()
        .from(creatorGenerations)
        .where(and(eq(creatorGenerations.id, id), eq(creatorGenerations.userId, userId)));
      return row;
    },

    /**
     * Locks a running generation to write to it. Its runner (`runnerId`) waits for the lock, so
     * two of its variants finishing at once take turns; a sweeper (`staleSec`: only rows whose
     * heartbeat is older) skips rows someone else holds.
     */
    async lockRunning(
      tx: DbOrTx,
      id: string,
      owner: { runnerId: string } | { staleSec: number },
    ): Promise<GenerationRow | undefined> {
      const running = and(eq(creatorGenerations.id, id), eq(creatorGenerations.status, 'generating'));
      if ('runnerId' in owner) {
        const [row] = await tx
          .select()
          .from(creatorGenerations)
          .where(and(running, eq(creatorGenerations.runnerId, owner.runnerId)))
          .for('update');
        return row;
      }
      const [row] = await tx
        .select()
        .from(creatorGenerations)
        .where(
          and(
            running,
            lt(creatorGenerations.heartbeatAt, sql`now() - make_interval(secs => ${owner.staleSec})`),
          ),
        )
        .for('update', { skipLocked: true });
      return row;
    },

    async finish(
      tx: DbOrTx,
      id: string,
      result: { status: Exclude<Status, 'generating'>; error: string | null; refunded: number },
    ) {
      await tx
        .update(creatorGenerations)
        .set({ ...result, finishedAt: sql`now()` })
        .where(eq(creatorGenerations.id, id));
    },

    async list(db: DbOrTx, userId: string, page: number, pageSize: number) {
      const where = eq(creatorGenerations.userId, userId);
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(creatorGenerations)
          .where(where)
          .orderBy(desc(creatorGenerations.createdAt), desc(creatorGenerations.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(creatorGenerations).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    /** Running generations whose runner stopped beating: their instance is gone. */
    async staleIds(db: DbOrTx, staleSec: number): Promise<string[]> {
      const rows = await db
        .select({ id: creatorGenerations.id })
        .from(creatorGenerations)
        .where(
          and(
            eq(creatorGenerations.status, 'generating'),
            lt(creatorGenerations.heartbeatAt, sql`now() - make_interval(secs => ${staleSec})`),
          ),
        )
        .limit(500);
      return rows.map((r) => r.id);
    },

    /** Renews the lease; false when this runner no longer owns a running generation. */
    async heartbeat(db: DbOrTx, id: string, runnerId: string): Promise<boolean> {
      const rows = await db
        .update(creatorGenerations)
        .set({ heartbeatAt: sql`now()` })
        .where(
          and(
            eq(creatorGenerations.id, id),
            eq(creatorGenerations.runnerId, runnerId),
            eq(creatorGenerations.status, 'generating'),
          ),
        )
        .returning({ id: creatorGenerations.id });
      return rows.length > 0;
    },

    async variants(db: DbOrTx, generationId: string): Promise<VariantRow[]> {
      return db
        .select()
        .from(creatorVariants)
        .where(eq(creatorVariants.generationId, generationId))
        .orderBy(asc(creatorVariants.idx));
    },

    async variantsOf(db: DbOrTx, generationIds: string[]) {
      if (generationIds.length === 0) return [];
      return db
        .select({ generationId: creatorVariants.generationId, idx: creatorVariants.idx })
        .from(creatorVariants)
        .where(inArray(creatorVariants.generationId, generationIds));
    },

    /**
     * Appends a batch of preview text to several variants in one statement, only while this runner
     * still owns the running generation (also renews its heartbeat). False = the lease is gone.
     */
    async appendText(
      db: DbOrTx,
      generationId: string,
      runnerId: string,
      chunks: Array<{ idx: number; text: string }>,
    ): Promise<boolean> {
      if (chunks.length === 0) return true;
      const values = sql.join(
        chunks.map((c) => sql`(${c.idx}::int, ${c.text}::text)`),
        sql`, `,
      );
      const updated = await executeRows<{ idx: number }>(
        db,
        sql`
        with lease as (
          update ${creatorGenerations} set heartbeat_at = now()
          where id = ${generationId} and runner_id = ${runnerId} and status = 'generating'
          returning id
        )
        update ${creatorVariants} v set text = v.text || c.chunk
        from (values ${values}) as c(idx, chunk), lease
        where v.generation_id = lease.id and v.idx = c.idx
        returning v.idx`,
      );
      return updated.length > 0;
    },

    async setVariant(
      tx: DbOrTx,
      generationId: string,
      idx: number,
      state: { status: Exclude<Status, 'generating'>; error: string | null },
    ) {
      await tx
        .update(creatorVariants)
        .set(state)
        .where(and(eq(creatorVariants.generationId, generationId), eq(creatorVariants.idx, idx)));
    },

    /** Every variant still running is failed with `error` (a generation being finished). */
    async failRunningVariants(tx: DbOrTx, generationId: string, error: string) {
      await tx
        .update(creatorVariants)
        .set({ status: 'failed', error })
        .where(and(eq(creatorVariants.generationId, generationId), eq(creatorVariants.status, 'generating')));
    },
  };
}
export type CreationRepository = ReturnType<typeof createCreationRepository>;
