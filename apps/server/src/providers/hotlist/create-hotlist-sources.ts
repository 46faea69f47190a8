import { type Platform, platformSchema } from '@app/contract/generation';
import { dailyHotAdapter } from './dailyhot-adapter.ts';
import type { HotlistAdapter, HotlistSource } from './hotlist-source.ts';
import { createHttpHotlistSource } from './http-hotlist-source.ts';

/** Formats a hot-list service can speak; add an adapter here to support another one. */
export const hotlistAdapters: Record<string, HotlistAdapter> = {
  dailyhot: dailyHotAdapter,
};

/**
 * "douyin=douyin,kuaishou=kuaishou" → which route feeds which platform. DailyHotApi offers
 * /douyin and /kuaishou; forks that add more (a 小红书 route, say) are mapped the same way.
 */
export function parseRoutes(spec: string): { platform: Platform; route: string }[] {
  return spec
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const [platform = '', route = ''] = pair.split('=').map((s) => s.trim());
      const parsed = platformSchema.safeParse(platform);
      if (!parsed.success || !/^[\w./-]+$/.test(route)) {
        throw new Error(`HOTLIST_ROUTES: "${pair}" should look like douyin=douyin`);
      }
      return { platform: parsed.data, route };
    });
}

export function createHotlistSources(config: {
  HOTLIST_URL?: string | undefined;
  HOTLIST_FORMAT: string;
  HOTLIST_ROUTES: string;
  HOTLIST_TIMEOUT_MS: number;
}): HotlistSource[] {
  if (!config.HOTLIST_URL) return [];
  const adapter = hotlistAdapters[config.HOTLIST_FORMAT];
  if (!adapter) throw new Error(`HOTLIST_FORMAT: unknown format ${config.HOTLIST_FORMAT}`);
  const baseUrl = config.HOTLIST_URL;
  return parseRoutes(config.HOTLIST_ROUTES).map(({ platform, route }) =>
    createHttpHotlistSource({ baseUrl, route, platform, adapter, timeoutMs: config.HOTLIST_TIMEOUT_MS }),
  );
}
