import { and, count, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { advisoryLocks } from '../../db/locks.ts';
import { type PersonaAnalysisRow, type PersonaRow, personaAnalyses, personas } from './persona.tables.ts';

export function createPersonaRepository() {
  return {
    /**
     * Serialises one user's persona writes until the transaction ends: choosing the default reads
     * then writes, and two such transactions must not interleave.
     */
    async lockUser(tx: DbOrTx, userId: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(${advisoryLocks.personaUser}, hashtext(${userId}))`);
    },
    async insert(db: DbOrTx, row: typeof personas.$inferInsert): Promise<PersonaRow> {
      const [inserted] = await db.insert(personas).values(row).returning();
      return inserted!;
    },
    async countByUser(db: DbOrTx, userId: string): Promise<number> {
      const [row] = await db.select({ total: count() }).from(personas).where(eq(personas.userId, userId));
      return row?.total ?? 0;
    },
    async hasDefault(db: DbOrTx, userId: string): Promise<boolean> {
      const rows = await db
        .select({ id: personas.id })
        .from(personas)
        .where(and(eq(personas.userId, userId), eq(personas.isDefault, true)))
        .limit(1);
      return rows.length > 0;
    },
    /** Only the owner's row: someone else's persona does not exist for this user. */
    async findOwned(db: DbOrTx, userId: string, id: string): Promise<PersonaRow | undefined> {
      const [row] = await db
        .select()
        .from(personas)
        .where(and(eq(personas.userId, userId), eq(personas.id, id)));
      return row;
    },
    /** The default first, then the newest. */
    async list(db: DbOrTx, userId: string, page: number, pageSize: number) {
      const [items, [totalRow]] = await Promise.all([
        db
          .select()
          .from(personas)
          .where(eq(personas.userId, userId))
          .orderBy(desc(personas.isDefault), desc(personas.createdAt), desc(personas.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(personas).where(eq(personas.userId, userId)),
      ]);
      return { items, total: totalRow?.total ?? 0 };
    },
    async rename(db: DbOrTx, userId: string, id: string, name: string): Promise<PersonaRow | undefined> {
      const [row] = await db
        .update(personas)
        .set({ name, updatedAt: sql`now()` })
        .where(and(eq(personas.userId, userId), eq(personas.id, id)))
        .returning();
      return row;
    },
    async clearDefault(db: DbOrTx, userId: string): Promise<void> {
      await db
        .update(personas)
        .set({ isDefault: false, updatedAt: sql`now()` })
        .where(and(eq(personas.userId, userId), eq(personas.isDefault, true)));
    },
    async markDefault(db: DbOrTx, userId: string, id: string): Promise<PersonaRow | undefined> {
      const [row] = await db
        .update(personas)
        .set({ isDefault: true, updatedAt: sql`now()` })
        .where(and(eq(personas.userId, userId), eq(personas.id, id)))
        .returning();
      return row;
    },
    async remove(db: DbOrTx, userId: string, id: string): Promise<PersonaRow | undefined> {
      const [row] = await db
        .delete(personas)
        .where(and(eq(personas.userId, userId), eq(personas.id, id)))
        .returning();
      return row;
    },
    /** The newest persona other than `exceptId`: the one that inherits the default. */
    async newestOther(db: DbOrTx, userId: string, exceptId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: personas.id })
        .from(personas)
        .where(and(eq(personas.userId, userId), ne(personas.id, exceptId)))
        .orderBy(desc(personas.createdAt), desc(personas.id))
        .limit(1);
      return row?.id;
    },

    // Analyses: the same lease as creator_generations (creation.repository.ts).
    async insertAnalysis(
      db: DbOrTx,
      row: { id: string; userId: string; charged: number; runnerId: string },
    ): Promise<void> {
      await db.insert(personaAnalyses).values(row);
    },
    async findAnalysis(db: DbOrTx, id: string): Promise<PersonaAnalysisRow | undefined> {
      const [row] = await db.select().from(personaAnalyses).where(eq(personaAnalyses.id, id));
      return row;
    },
    /** Renews the lease; false when this runner no longer owns the running analysis. */
    async heartbeatAnalysis(db: DbOrTx, id: string, runnerId: string): Promise<boolean> {
      const rows = await db
        .update(personaAnalyses)
        .set({ heartbeatAt: sql`now()` })
        .where(
          and(
            eq(personaAnalyses.id, id),
            eq(personaAnalyses.runnerId, runnerId),
            eq(personaAnalyses.status, 'analysing'),
          ),
        )
        .returning({ id: personaAnalyses.id });
      return rows.length > 0;
    },
    /**
     * Locks a running analysis to close it: its runner (`runnerId`) waits for the lock; a sweeper
     * (`staleSec`: only rows whose heartbeat is older) skips rows someone else holds.
     */
    async lockRunningAnalysis(
      tx: DbOrTx,
      id: string,
      owner: { runnerId: string } | { staleSec: number },
    ): Promise<PersonaAnalysisRow | undefined> {
      const running = and(eq(personaAnalyses.id, id), eq(personaAnalyses.status, 'analysing'));
      if ('runnerId' in owner) {
        const [row] = await tx
          .select()
          .from(personaAnalyses)
          .where(and(running, eq(personaAnalyses.runnerId, owner.runnerId)))
          .for('update');
        return row;
      }
      const [row] = await tx
        .select()
        .from(personaAnalyses)
        .where(
          and(
            running,
            lt(personaAnalyses.heartbeatAt, sql`now() - make_interval(secs => ${owner.staleSec})`),
          ),
        )
        .for('update', { skipLocked: true });
      return row;
    },
    async finishAnalysis(
      tx: DbOrTx,
      id: string,
      result: { status: 'done' | 'failed'; error: string | null; refunded: number },
    ): Promise<void> {
      await tx
        .update(personaAnalyses)
        .set({ ...result, finishedAt: sql`now()` })
        .where(eq(personaAnalyses.id, id));
    },
    /** Running analyses whose runner stopped beating: their instance is gone. */
    async staleAnalysisIds(db: DbOrTx, staleSec: number): Promise<string[]> {
      const rows = await db
        .select({ id: personaAnalyses.id })
        .from(personaAnalyses)
        .where(
          and(
            eq(personaAnalyses.status, 'analysing'),
            lt(personaAnalyses.heartbeatAt, sql`now() - make_interval(secs => ${staleSec})`),
          ),
        )
        .limit(500);
      return rows.map((r) => r.id);
    },
  };
}
export type PersonaRepository = ReturnType<typeof createPersonaRepository>;
