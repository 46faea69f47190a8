import type { QualityFinding, ScriptDraft } from '@app/contract/generation';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { creatorGenerations, type ScriptRow, scripts } from './creation.tables.ts';

/** The scripts a generation produced, and their owner's edits and confirmation. */
export function createScriptRepository() {
  return {
    async insert(
      tx: DbOrTx,
      row: {
        userId: string;
        generationId: string;
        variantIndex: number;
        draft: ScriptDraft;
        findings: QualityFinding[];
      },
    ): Promise<ScriptRow> {
      const { draft } = row;
      const [inserted] = await tx
        .insert(scripts)
        .values({
          userId: row.userId,
          generationId: row.generationId,
          variantIndex: row.variantIndex,
          title: draft.title,
          hook: draft.hook,
          scenes: draft.scenes,
          twist: draft.twist,
          cta: draft.cta,
          tags: draft.tags,
          coverText: draft.coverText,
          findings: row.findings,
        })
        .returning();
      return inserted!;
    },

    async findOwned(db: DbOrTx, userId: string, id: string): Promise<ScriptRow | undefined> {
      const [row] = await db
        .select()
        .from(scripts)
        .where(and(eq(scripts.id, id), eq(scripts.userId, userId)));
      return row;
    },

    async findOwnedForUpdate(tx: DbOrTx, userId: string, id: string): Promise<ScriptRow | undefined> {
      const [row] = await tx
        .select()
        .from(scripts)
        .where(and(eq(scripts.id, id), eq(scripts.userId, userId)))
        .for('update');
      return row;
    },

    async ofGeneration(db: DbOrTx, generationId: string): Promise<ScriptRow[]> {
      return db
        .select()
        .from(scripts)
        .where(eq(scripts.generationId, generationId))
        .orderBy(asc(scripts.variantIndex));
    },

    async ofVariant(db: DbOrTx, generationId: string, variantIndex: number): Promise<ScriptRow | undefined> {
      const [row] = await db
        .select()
        .from(scripts)
        .where(and(eq(scripts.generationId, generationId), eq(scripts.variantIndex, variantIndex)));
      return row;
    },

    async titlesOf(db: DbOrTx, generationIds: string[]) {
      if (generationIds.length === 0) return [];
      return db
        .select({
          id: scripts.id,
          generationId: scripts.generationId,
          title: scripts.title,
          confirmed: scripts.confirmed,
        })
        .from(scripts)
        .where(inArray(scripts.generationId, generationIds))
        .orderBy(asc(scripts.variantIndex));
    },

    async confirm(
      tx: DbOrTx,
      id: string,
      edits: Partial<ScriptDraft>,
      findings: QualityFinding[],
    ): Promise<ScriptRow> {
      const [row] = await tx
        .update(scripts)
        .set({
          ...edits,
          findings,
          confirmed: true,
          // The first confirmation is the one history sorts by; later edits keep it.
          confirmedAt: sql`coalesce(${scripts.confirmedAt}, now())`,
          updatedAt: sql`now()`,
        })
        .where(eq(scripts.id, id))
        .returning();
      return row!;
    },

    /** A page of my scripts with the input of the generation each came from. */
    async list(db: DbOrTx, userId: string, filter: { confirmed?: boolean; page: number; pageSize: number }) {
      const conditions: SQL[] = [eq(scripts.userId, userId)];
      if (filter.confirmed !== undefined) conditions.push(eq(scripts.confirmed, filter.confirmed));
      const where = and(...conditions);
      const [items, [total]] = await Promise.all([
        db
          .select({ script: scripts, input: creatorGenerations.input })
          .from(scripts)
          .innerJoin(creatorGenerations, eq(creatorGenerations.id, scripts.generationId))
          .where(where)
          .orderBy(desc(scripts.updatedAt), desc(scripts.id))
          .limit(filter.pageSize)
          .offset((filter.page - 1) * filter.pageSize),
        db.select({ n: count() }).from(scripts).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },
  };
}
export type ScriptRepository = ReturnType<typeof createScriptRepository>;
