import type { Platform } from '@app/contract/generation';
import type { HotlistSource } from '../../providers/hotlist/hotlist-source.ts';
import type { TopicService } from './topic.service.ts';

export interface RefreshReport {
  source: string;
  platform: Platform;
  ok: boolean;
  count: number;
  error?: string;
  ms: number;
}

/** Just what the pipeline logs with; Fastify's (pino) logger fits. */
export interface RefreshLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const silent: RefreshLogger = { info() {}, error() {} };

/**
 * The refresh pipeline: ask every source for its list, write each good list, and for a bad or
 * unreachable one log the error and keep what the database already has. Sources never depend
 * on each other: one failing costs only its own platform's update.
 */
export function createTopicRefreshService(deps: {
  topics: Pick<TopicService, 'ingest'>;
  /** The shipped data: written at every start (cheaply: unchanged rows are skipped). */
  seedSources: HotlistSource[];
  /** Live lists (HOTLIST_URL): written on the schedule. */
  liveSources: HotlistSource[];
}) {
  async function run(
    sources: HotlistSource[],
    opts: { log?: RefreshLogger; signal?: AbortSignal },
  ): Promise<RefreshReport[]> {
    const log = opts.log ?? silent;
    // Fetch in parallel (they are independent and mostly waiting), write one after another.
    const fetched = await Promise.allSettled(sources.map((s) => s.fetch(opts.signal)));
    const reports: RefreshReport[] = [];
    for (const [i, source] of sources.entries()) {
      const started = Date.now();
      const result = fetched[i]!;
      const base = { source: source.name, platform: source.platform };
      try {
        if (result.status === 'rejected') throw result.reason;
        const [written] = await deps.topics.ingest([{ source, entries: result.value }]);
        const count = written?.count ?? 0;
        reports.push({ ...base, ok: true, count, ms: Date.now() - started });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        reports.push({ ...base, ok: false, count: 0, error: message, ms: Date.now() - started });
        log.error({ ...base, err: error }, `热榜刷新失败，保留旧数据：${message}`);
      }
    }
    const good = reports.filter((r) => r.ok);
    if (good.length > 0) {
      log.info({ reports: good.map((r) => `${r.source}/${r.platform}:${r.count}`) }, '热榜已刷新');
    }
    return reports;
  }

  return {
    hasLiveSources: deps.liveSources.length > 0,
    /**
     * Writes the shipped topics, all platforms in one transaction (this runs at every start);
     * throws if the database refuses them: the start should fail then.
     */
    async seed(): Promise<void> {
      const batches = await Promise.all(
        deps.seedSources.map(async (source) => ({ source, entries: await source.fetch() })),
      );
      await deps.topics.ingest(batches);
    },
    /** One round over the live sources; never throws, the reports tell what happened. */
    refresh(opts: { log?: RefreshLogger; signal?: AbortSignal } = {}): Promise<RefreshReport[]> {
      return run(deps.liveSources, opts);
    },
  };
}
export type TopicRefreshService = ReturnType<typeof createTopicRefreshService>;
