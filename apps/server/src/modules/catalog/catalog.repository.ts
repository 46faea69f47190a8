import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import type { ProductConfig } from './catalog.config.ts';
import { type ProductRow, products } from './catalog.tables.ts';

export function createCatalogRepository() {
  return {
    /** Idempotent and safe when several instances start at once (ON CONFLICT on the code). */
    async upsertAll(db: DbOrTx, list: ProductConfig[]): Promise<void> {
      for (const [index, p] of list.entries()) {
        const values = {
          code: p.code,
          name: p.name,
          description: p.description,
          priceCents: p.priceCents,
          credits: p.credits,
          badge: p.badge ?? null,
          sortOrder: index,
          active: true,
        };
        await db
          .insert(products)
          .values(values)
          .onConflictDoUpdate({ target: products.code, set: { ...values, updatedAt: sql`now()` } });
      }
      const codes = list.map((p) => p.code);
      await db
        .update(products)
        .set({ active: false, updatedAt: sql`now()` })
        .where(codes.length > 0 ? notInArray(products.code, codes) : sql`true`);
    },
    listActive(db: DbOrTx): Promise<ProductRow[]> {
      return db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.sortOrder));
    },
    async findActive(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
      const [row] = await db
        .select()
        .from(products)
        .where(and(eq(products.id, id), eq(products.active, true)))
        .limit(1);
      return row;
    },
  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
