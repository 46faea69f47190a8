import type { Product } from '@app/contract';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { ProductConfig } from './catalog.config.ts';
import type { CatalogRepository } from './catalog.repository.ts';
import type { ProductRow } from './catalog.tables.ts';

export const PRODUCT_NOT_FOUND_MESSAGE = '商品不存在或已下架，请刷新页面后重新选择';

function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceCents: row.priceCents,
    credits: row.credits,
    ...(row.badge ? { badge: row.badge } : {}),
  };
}

export function createCatalogService(deps: {
  db: Db;
  products: CatalogRepository;
  catalog: ProductConfig[];
}) {
  const { db, products } = deps;
  return {
    /** Applies the configured catalogue; called once when the app is ready. */
    seed(): Promise<void> {
      return db.transaction((tx) => products.upsertAll(tx, deps.catalog));
    },
    async list(): Promise<Product[]> {
      return (await products.listActive(db)).map(toProduct);
    },
    /** A product that can be bought now; 404 for an unknown, malformed or withdrawn id. */
    async requireActive(id: string): Promise<ProductRow> {
      const row = isUuid(id) ? await products.findActive(db, id) : undefined;
      if (!row) throw notFound(PRODUCT_NOT_FOUND_MESSAGE, 'product_not_found');
      return row;
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
