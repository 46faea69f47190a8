import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { type PersonaRow, personas } from './persona.schema.ts';

/** Namespace of this module's advisory locks (the second key is the user's hash). */
const PERSONA_LOCK_CLASS = 7_301_101;

export function createPersonaRepository() {
  return {
    /**
     * Serialises one user's persona writes until the transaction ends: choosing the default reads
     * then writes, and two such transactions must not interleave.
     */
    async lockUser(tx: DbOrTx, userId: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(${PERSONA_LOCK_CLASS}, hashtext(${userId}))`);
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
  };
}
export type PersonaRepository = ReturnType<typeof createPersonaRepository>;
