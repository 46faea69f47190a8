import { z } from 'zod';
import { type HotlistAdapter, type HotlistEntry, HotlistFormatError } from './hotlist-source.ts';

/**
 * DailyHotApi (github.com/imsyy/DailyHotApi, widely self-hosted): GET {base}/{route} answers
 * `{ code: 200, name, title, type, total, updateTime, fromCache, data: [{ id, title, hot, url,
 * mobileUrl, timestamp, … }] }`. `hot` is a number on most routes, missing on some, and text such
 * as "123.4万" on a few forks.
 */
const itemSchema = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  title: z.string(),
  hot: z.union([z.number(), z.string(), z.null()]).optional(),
  url: z.string().optional(),
});
const answerSchema = z.object({
  code: z.literal(200),
  data: z.array(z.unknown()),
});

const UNITS: Record<string, number> = { 万: 10_000, 亿: 100_000_000, w: 10_000, W: 10_000 };

/** 1234 / "1234" / "12.3万" / "1.2亿" → a number; anything else → undefined. */
export function parseHeat(hot: unknown): number | undefined {
  if (typeof hot === 'number') return Number.isFinite(hot) && hot >= 0 ? Math.round(hot) : undefined;
  if (typeof hot !== 'string') return undefined;
  const match = /^\s*([\d.,]+)\s*([万亿wW])?/.exec(hot);
  if (!match?.[1]) return undefined;
  const value = Number(match[1].replaceAll(',', ''));
  if (!Number.isFinite(value)) return undefined;
  return Math.round(value * (match[2] ? (UNITS[match[2]] ?? 1) : 1));
}

const MAX_TITLE = 120;

export const dailyHotAdapter: HotlistAdapter = {
  format: 'dailyhot',
  parse(body) {
    const answer = answerSchema.safeParse(body);
    if (!answer.success) {
      throw new HotlistFormatError('not a DailyHotApi answer (expected { code: 200, data: [...] })');
    }
    const entries: HotlistEntry[] = [];
    const seen = new Set<string>();
    const total = answer.data.data.length;
    answer.data.data.forEach((raw, index) => {
      // One odd item must not cost the whole list: skip it.
      const item = itemSchema.safeParse(raw);
      if (!item.success) return;
      const title = item.data.title.replace(/\s+/g, ' ').trim().slice(0, MAX_TITLE);
      if (!title) return;
      const externalId = String(item.data.id ?? title).slice(0, 80);
      if (seen.has(externalId)) return;
      seen.add(externalId);
      // Lists without heat are still ranked: keep their order with a descending stand-in.
      const heat = parseHeat(item.data.hot) ?? total - index;
      entries.push({ id: externalId, title, heat });
    });
    if (entries.length === 0) throw new HotlistFormatError('the list holds no usable items');
    return entries;
  },
};
