import type { Platform } from '@app/contract/generation';
import {
  type HotlistAdapter,
  type HotlistEntry,
  HotlistFetchError,
  HotlistFormatError,
  type HotlistSource,
} from './hotlist-source.ts';

/** A hot list is a few hundred small items; anything far bigger is not one. */
const MAX_BODY_BYTES = 5 * 1024 * 1024;

export interface HttpHotlistSourceOptions {
  baseUrl: string;
  /** The path under baseUrl, e.g. `douyin` for DailyHotApi's /douyin. */
  route: string;
  platform: Platform;
  adapter: HotlistAdapter;
  timeoutMs: number;
  fetchFn?: typeof fetch;
}

/** One route of a hot-list HTTP service, mapped by an adapter. */
export function createHttpHotlistSource(opts: HttpHotlistSourceOptions): HotlistSource {
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/${opts.route.replace(/^\/+/, '')}`;
  const fetchFn = opts.fetchFn ?? fetch;
  return {
    name: opts.adapter.format,
    platform: opts.platform,
    replacesPlatform: true,
    async fetch(signal?: AbortSignal): Promise<HotlistEntry[]> {
      const timeout = AbortSignal.timeout(opts.timeoutMs);
      let res: Response;
      let text: string;
      try {
        res = await fetchFn(url, {
          headers: { accept: 'application/json' },
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        const length = Number(res.headers.get('content-length') ?? 0);
        if (length > MAX_BODY_BYTES)
          throw new HotlistFetchError(`${url}: answer too large (${length} bytes)`);
        text = await res.text();
      } catch (error) {
        if (error instanceof HotlistFetchError) throw error;
        if (timeout.aborted) throw new HotlistFetchError(`${url}: no answer within ${opts.timeoutMs} ms`);
        throw new HotlistFetchError(`${url}: ${(error as Error).message}`, { cause: error });
      }
      if (!res.ok) throw new HotlistFetchError(`${url}: HTTP ${res.status}`);
      if (text.length > MAX_BODY_BYTES) throw new HotlistFetchError(`${url}: answer too large`);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new HotlistFormatError(`${url}: answer is not JSON`);
      }
      let entries: HotlistEntry[];
      try {
        entries = opts.adapter.parse(body);
      } catch (error) {
        throw new HotlistFormatError(`${url}: ${(error as Error).message}`);
      }
      // Ids of different lists must not collide with each other or with the shipped topics.
      const prefix = `${opts.adapter.format}:${opts.platform}:`;
      return entries.map((e) => ({ ...e, id: prefix + e.id }));
    },
  };
}
