import { z } from 'zod';
import { text } from './common.ts';

/** Academy (创作学院): tutorial articles kept as Markdown in the repository. */
export const articleSlugSchema = text({ error: '缺少文章地址' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, '文章地址不正确')
  .max(80, '文章地址不正确');
export const articleParamsSchema = z.object({ slug: articleSlugSchema });

export const articleSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  category: z.string(),
  /** Estimated reading time in whole minutes (about 400 Chinese characters a minute). */
  readingMinutes: z.number().int(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;
export const articleListSchema = z.object({ items: z.array(articleSummarySchema) });

export const articleSchema = articleSummarySchema.extend({
  /** The body as Markdown (front matter removed); clients render it without raw HTML. */
  markdown: z.string(),
  prev: z.object({ slug: z.string(), title: z.string() }).nullable(),
  next: z.object({ slug: z.string(), title: z.string() }).nullable(),
});
export type Article = z.infer<typeof articleSchema>;
