import { z } from 'zod';

/** Every answer of /api/v1 is this envelope; the client hands on only `data`. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), data, message: z.string() });

export type Envelope<T> = { success: boolean; data: T; message: string };

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  data: z.null(),
  message: z.string(),
});

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

/** `page` from 1, `pageSize` default 20, max 100 (DESIGN §3). Query strings arrive as text. */
export const pageQuerySchema = z.object({
  page: z.coerce.number({ error: '页码必须是数字' }).int('页码必须是整数').min(1, '页码从 1 开始').default(1),
  pageSize: z.coerce
    .number({ error: '每页条数必须是数字' })
    .int('每页条数必须是整数')
    .min(1, '每页至少 1 条')
    .max(PAGE_SIZE_MAX, `每页最多 ${PAGE_SIZE_MAX} 条`)
    .default(PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

export const idSchema = z.string({ error: '缺少 id' }).min(1, '缺少 id').max(64, 'id 过长');
export const idParamsSchema = z.object({ id: idSchema });

/** ISO-8601 timestamps travel as strings. */
export const isoDateSchema = z.string();
