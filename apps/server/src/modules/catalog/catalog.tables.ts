import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Products on sale. Rows are upserted from catalog.config.ts at every start (keyed by `code`), so
 * the configuration is the source of truth and ids stay stable; orders copy price and credits, so
 * changing a product never changes an existing order.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    credits: integer('credits').notNull(),
    badge: text('badge'),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    check('products_price_positive', sql`${t.priceCents} > 0`),
    check('products_credits_positive', sql`${t.credits} > 0`),
  ],
);

export type ProductRow = typeof products.$inferSelect;
