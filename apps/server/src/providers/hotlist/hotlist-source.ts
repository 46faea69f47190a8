import type { Platform } from '@app/contract/generation';

/**
 * Where hot topics come from. The topic module's refresh pipeline asks each source for its list
 * and upserts what it gets; a source only fetches and maps, it never writes.
 */
export interface HotlistEntry {
  /** The topic id: the shipped id, or `<format>:<platform>:<the list's own id>` for live lists. */
  id: string;
  title: string;
  heat: number;
  /** Known only to sources that classify themselves (the shipped data); else the pipeline guesses. */
  category?: string;
  /** A ready-made daily curve (shipped data); live sources build theirs from history instead. */
  trend?: number[];
}

export interface HotlistSource {
  /** Names the source in ids and logs, e.g. `seed` or `dailyhot`. */
  readonly name: string;
  readonly platform: Platform;
  /**
   * A live list is the platform's whole current ranking: topics it no longer carries leave the
   * list. The shipped data only adds.
   */
  readonly replacesPlatform: boolean;
  fetch(signal?: AbortSignal): Promise<HotlistEntry[]>;
}

/**
 * Turns one hot-list service's answer into entries (ids as the service gives them); throws
 * HotlistFormatError when it cannot.
 */
export interface HotlistAdapter {
  readonly format: string;
  parse(body: unknown): HotlistEntry[];
}

export class HotlistFormatError extends Error {
  override readonly name = 'HotlistFormatError';
}

export class HotlistFetchError extends Error {
  override readonly name = 'HotlistFetchError';
}
