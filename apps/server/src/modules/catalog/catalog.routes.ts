import { productListSchema } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { CatalogService } from './catalog.service.ts';

export function catalogRoutes(app: FastifyInstance, deps: { catalog: CatalogService }) {
  // Prices are public information; the commodity screen is behind login anyway.
  route(app, {
    method: 'GET',
    url: '/product/list',
    summary: '在售商品（点数包）',
    tags: ['order'],
    response: productListSchema,
    handler: () => deps.catalog.list(),
  });
}
