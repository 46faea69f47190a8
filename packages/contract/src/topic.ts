import { z } from 'zod';
import { pageQuerySchema, pageSchema, text } from './common.ts';
import { platformSchema } from './generation.ts';

/**
 * Hot topics (热点) and favourites. Category ids are the 12 niches of the shipped data
 * (meishi, meizhuang, …); the server checks them against its list, so a new category needs no
 * contract change.
 */
export const topicCategoryIdSchema = text({ error: '分类必须是文字' }).regex(
  /^[a-z]{1,32}$/,
  '分类不正确，请从列表中选择',
);

export const topicCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** How many topics (GET /topic/category) or inspiration items (GET /redu/category) it holds. */
  count: z.number().int(),
});
export type TopicCategory = z.infer<typeof topicCategorySchema>;
export const topicCategoryListSchema = z.array(topicCategorySchema);

export const HOT_TOPIC_LIMIT_DEFAULT = 50;
export const HOT_TOPIC_LIMIT_MAX = 100;

export const hotTopicQuerySchema = z.strictObject({
  category: topicCategoryIdSchema.optional(),
  platform: platformSchema.optional(),
  limit: z.coerce
    .number({ error: '条数必须是数字' })
    .int('条数必须是整数')
    .min(1, '至少取 1 条')
    .max(HOT_TOPIC_LIMIT_MAX, `最多取 ${HOT_TOPIC_LIMIT_MAX} 条`)
    .default(HOT_TOPIC_LIMIT_DEFAULT),
});
export type HotTopicQuery = z.input<typeof hotTopicQuerySchema>;

export const hotTopicSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  platform: platformSchema,
  heat: z.number(),
  /** Daily heat of the last days, oldest first, the last one today's. */
  trend: z.array(z.number()),
  /** Position on its platform's list by heat, from 1. */
  rank: z.number().int(),
  /** Whether the signed-in user has it in favourites (false for visitors). */
  collected: z.boolean(),
});
export type HotTopic = z.infer<typeof hotTopicSchema>;

export const hotTopicListSchema = z.object({ items: z.array(hotTopicSchema) });
export type HotTopicList = z.infer<typeof hotTopicListSchema>;

export const collectTopicInputSchema = z.strictObject({
  topicId: text({ error: '请指定要收藏的热点' }).min(1, '请指定要收藏的热点').max(128, '热点 id 过长'),
  collect: z.boolean({ error: 'collect 必须是 true 或 false' }),
});
export type CollectTopicInput = z.infer<typeof collectTopicInputSchema>;

export const collectTopicResultSchema = z.object({ collected: z.boolean() });
export type CollectTopicResult = z.infer<typeof collectTopicResultSchema>;

export const collectedTopicQuerySchema = z.strictObject(pageQuerySchema.shape);

export const collectedTopicSchema = hotTopicSchema.extend({ collectedAt: z.string() });
export type CollectedTopic = z.infer<typeof collectedTopicSchema>;
export const collectedTopicPageSchema = pageSchema(collectedTopicSchema);
