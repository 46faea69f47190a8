import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './common.ts';
import { platformSchema } from './generation.ts';
import { topicCategoryIdSchema } from './topic.ts';

/** The inspiration library (爆款灵感, the API's "redu" = 热度): real-looking viral posts by niche. */
export const inspirationSortSchema = z.enum(['heat', 'likes', 'recent'], {
  error: '排序方式只能是热度、点赞或最新',
});
export type InspirationSort = z.infer<typeof inspirationSortSchema>;

export const inspirationListQuerySchema = z.strictObject({
  ...pageQuerySchema.shape,
  categoryId: topicCategoryIdSchema.optional(),
  sort: inspirationSortSchema.default('heat'),
});
export type InspirationListQuery = z.input<typeof inspirationListQuerySchema>;

export const inspirationItemSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  title: z.string(),
  platform: platformSchema,
  author: z.string(),
  likes: z.number().int(),
  comments: z.number().int(),
  shares: z.number().int(),
  heat: z.number(),
  /** The opening line or shot that made people stop. */
  hook: z.string(),
  tags: z.array(z.string()),
  publishedAt: z.string(),
});
export type InspirationItem = z.infer<typeof inspirationItemSchema>;
export const inspirationPageSchema = pageSchema(inspirationItemSchema);
