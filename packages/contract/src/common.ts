import { z } from 'zod';

/**
 * Whether a string can be stored and sent on as it is: no NUL (PostgreSQL refuses U+0000 in text
 * and jsonb) and no lone UTF-16 surrogate (it has no UTF-8 form, so it breaks wherever the text
 * is encoded). A loop rather than a regex: lookbehind is not in every browser the web supports.
 */
export function isSafeText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return false;
  }
  return true;
}

export const UNSAFE_TEXT_MESSAGE = '含有无法保存的字符（空字符或残缺的表情、生僻字编码），请删除后重试';

/**
 * Every text a request carries (body fields, query, path parameters) is one of these: the string
 * schema that refuses NUL and lone surrogates once, for all of them (DESIGN §3). Chain trim, min,
 * max, regex… on it as on z.string(); `params` is z.string()'s own (e.g. `{ error: '…' }`).
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isSafeText, { message: UNSAFE_TEXT_MESSAGE, abort: true });

const TYPE_NAMES: Record<string, string> = {
  string: '文字',
  number: '数字',
  int: '整数',
  boolean: ' true 或 false',
  object: ' JSON 对象',
  array: '列表',
  null: ' null',
};

const shown = (value: unknown) => {
  const s = typeof value === 'string' ? value : JSON.stringify(value);
  return s.length > 20 ? `${s.slice(0, 20)}…` : s;
};

/**
 * zod's own messages in natural Chinese, for every check a schema gives no message of its own.
 * The server's error handler puts the field in front ("参数 niche 有误：最多 30 个字"), so these
 * say only what is wrong. Also what the web shows when it validates a form with the contract.
 */
export function chineseIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return '必须填写';
      if (issue.expected === 'number' && typeof issue.input === 'number') return '必须是有效的数字';
      const expected = TYPE_NAMES[issue.expected];
      return expected ? `必须是${expected}` : '类型不正确';
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `最多 ${max} 个字`;
      if (issue.origin === 'array' || issue.origin === 'set') return `最多 ${max} 项`;
      return issue.inclusive ? `不能大于 ${max}` : `必须小于 ${max}`;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? '不能为空' : `至少 ${min} 个字`;
      if (issue.origin === 'array' || issue.origin === 'set') return `至少 ${min} 项`;
      return issue.inclusive ? `不能小于 ${min}` : `必须大于 ${min}`;
    }
    case 'invalid_format':
      return issue.format === 'uuid' || issue.format === 'guid' ? '编号格式不正确' : '格式不正确';
    case 'not_multiple_of':
      return `必须是 ${issue.divisor} 的倍数`;
    case 'unrecognized_keys': {
      const keys = issue.keys.slice(0, 5).map(shown);
      return `不支持的参数：${keys.join('、')}${issue.keys.length > 5 ? ' 等' : ''}`;
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? `只能是 ${shown(issue.values[0])}`
        : `只能是以下之一：${issue.values.map(shown).join('、')}`;
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return '格式不正确';
    default:
      return '内容不正确';
  }
}

z.config({ localeError: chineseIssueMessage });

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

export const idSchema = text({ error: '缺少 id' }).min(1, '缺少 id').max(64, 'id 过长');
export const idParamsSchema = z.object({ id: idSchema });

/** ISO-8601 timestamps travel as strings. */
export const isoDateSchema = z.string();

/** Whether YYYY-MM-DD names a real calendar day (2026-02-30 does not). */
function isCalendarDay(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00.000Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** A day of the calendar as filters take it, YYYY-MM-DD, that exists. */
export const calendarDaySchema = text({ error: '日期格式应为 YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
  .refine(isCalendarDay, '日期不存在，请检查年月日');
