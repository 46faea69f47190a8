import pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database.ts';

/** The outside services we call, one label value each. */
export type ProviderName = 'llm' | 'wechat_login' | 'wechat_pay' | 'hotlist';
export type GenerationKind = 'script' | 'persona';
export type StreamKind = 'login_qr' | 'generation' | 'persona' | 'order' | 'other';

const GENERATION_KINDS: GenerationKind[] = ['script', 'persona'];
const STREAM_KINDS: StreamKind[] = ['login_qr', 'generation', 'persona', 'order', 'other'];

/** Which kind of event stream a route opens, from its pattern (routes keep their own URLs). */
const STREAM_ROUTES: [RegExp, StreamKind][] = [
  [/^\/api\/v1\/user\/qrcode$/, 'login_qr'],
  [/^\/api\/v1\/creator\//, 'generation'],
  [/^\/api\/v1\/persona\//, 'persona'],
  [/^\/api\/v1\/order\//, 'order'],
];

export function streamKindOf(route: string): StreamKind {
  return STREAM_ROUTES.find(([pattern]) => pattern.test(route))?.[1] ?? 'other';
}

/** What the generation code reports: the creation runner and finalizer, persona analyses. */
export interface GenerationEvents {
  started(kind: GenerationKind): void;
  /** A generation closed (by its runner or by the sweep of a dead instance's leases). */
  ended(kind: GenerationKind, outcome: { status: 'done' | 'failed'; refunded: number }): void;
}

/** Read at every scrape rather than kept up to date: nothing can drift. */
export interface MetricSources {
  /** Open event streams by the route pattern that opened them. */
  streamsByRoute(): Map<string, number>;
  generationsRunning(): Record<GenerationKind, number>;
  pool(): PoolUsage;
}

export interface PoolUsage {
  inUse: number;
  idle: number;
  waiting: number;
}

/** pg's Pool counts; PGlite is one connection, always held, nobody waiting. */
export function poolUsage(database: Pick<Database, 'db'>): PoolUsage {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    return {
      inUse: client.totalCount - client.idleCount,
      idle: client.idleCount,
      waiting: client.waitingCount,
    };
  }
  return { inUse: 1, idle: 0, waiting: 0 };
}

/** An abort is ours (shutdown, a client that left, a lost lease), not the provider failing. */
function isAbort(error: unknown): boolean {
  const e = error as { name?: unknown; code?: unknown } | null;
  return e?.name === 'AbortError' || e?.code === 'aborted';
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/**
 * The Prometheus metrics of one app, in a registry of its own (never prom-client's global one), so
 * that tests building several apps in one process do not collide.
 */
export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  let sources: MetricSources | undefined;

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP answers by route pattern (unmatched: not-found handler and SPA pages; static: web build files), method and status; an event stream counts when it ends',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });

  new Gauge({
    name: 'event_streams_open',
    help: 'Open text/event-stream answers on this instance, by kind',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      if (!sources) return;
      const counts = new Map<StreamKind, number>(STREAM_KINDS.map((k) => [k, 0]));
      for (const [route, n] of sources.streamsByRoute()) {
        const kind = streamKindOf(route);
        counts.set(kind, (counts.get(kind) ?? 0) + n);
      }
      for (const [kind, n] of counts) this.set({ kind }, n);
    },
  });

  new Gauge({
    name: 'generations_running',
    help: 'Script generations and persona analyses running on this instance',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      if (!sources) return;
      const running = sources.generationsRunning();
      for (const kind of GENERATION_KINDS) this.set({ kind }, running[kind]);
    },
  });
  const generationsStarted = new Counter({
    name: 'generations_started_total',
    help: 'Generations started (charged) on this instance',
    labelNames: ['kind'] as const,
    registers,
  });
  const generationsFailed = new Counter({
    name: 'generations_failed_total',
    help: 'Generations that ended failed (every variant of a script failed, or the analysis did)',
    labelNames: ['kind'] as const,
    registers,
  });
  const generationsRefunded = new Counter({
    name: 'generations_refunded_total',
    help: 'Generations that gave credits back (failed, partly failed, or closed after their instance died)',
    labelNames: ['kind'] as const,
    registers,
  });
  const refundedCredits = new Counter({
    name: 'generation_refunded_credits_total',
    help: 'Credits given back by failed generations',
    labelNames: ['kind'] as const,
    registers,
  });
  for (const kind of GENERATION_KINDS) {
    for (const counter of [generationsStarted, generationsFailed, generationsRefunded, refundedCredits])
      counter.inc({ kind }, 0);
  }

  const providerDuration = new Histogram({
    name: 'provider_request_duration_seconds',
    help: 'Calls to outside services by provider and method; outcome ok, error or aborted (by us)',
    labelNames: ['provider', 'method', 'outcome'] as const,
    // Model calls stream for up to LLM_TIMEOUT_MS (a minute); WeChat answers in well under a second.
    buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers,
  });
  const providerErrors = new Counter({
    name: 'provider_errors_total',
    help: 'Calls to outside services that failed (aborts by us excluded)',
    labelNames: ['provider', 'method'] as const,
    registers,
  });

  const ordersPaid = new Counter({
    name: 'orders_paid_total',
    help: 'Orders marked paid on this instance (counted after the transaction commits)',
    registers,
  });

  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections by state (PGlite: one connection, reported in use)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      if (!sources) return;
      const usage = sources.pool();
      this.set({ state: 'in_use' }, usage.inUse);
      this.set({ state: 'idle' }, usage.idle);
    },
  });
  new Gauge({
    name: 'db_pool_waiting_clients',
    help: 'Queries waiting for a free database connection',
    registers,
    collect() {
      if (sources) this.set(sources.pool().waiting);
    },
  });

  const generations: GenerationEvents = {
    started(kind) {
      generationsStarted.inc({ kind });
    },
    ended(kind, { status, refunded }) {
      if (status === 'failed') generationsFailed.inc({ kind });
      if (refunded > 0) {
        generationsRefunded.inc({ kind });
        refundedCredits.inc({ kind }, refunded);
      }
    },
  };

  return {
    registry,
    httpDuration,
    ordersPaid,
    generations,
    /** Where the scrape-time gauges read from; set once the app has them. */
    observe(from: MetricSources): void {
      sources = from;
    },
    /**
     * The same provider, every method that answers a promise timed and its failures counted.
     * Wrapped at the one place a provider is made, so no call site knows about metrics.
     */
    instrument<T extends object>(provider: ProviderName, target: T): T {
      const wrappers = new Map<PropertyKey, { original: unknown; wrapper: unknown }>();
      return new Proxy(target, {
        get(obj, key) {
          // Read and called on the target itself: class providers keep their private fields.
          const value: unknown = Reflect.get(obj, key, obj);
          if (typeof value !== 'function') return value;
          const known = wrappers.get(key);
          if (known?.original === value) return known.wrapper;
          const method = String(key);
          const wrapper = (...args: unknown[]) => {
            const end = providerDuration.startTimer({ provider, method });
            const result: unknown = value.apply(obj, args);
            if (!isThenable(result)) return result;
            return Promise.resolve(result).then(
              (answer) => {
                end({ outcome: 'ok' });
                return answer;
              },
              (error: unknown) => {
                const aborted = isAbort(error);
                end({ outcome: aborted ? 'aborted' : 'error' });
                if (!aborted) providerErrors.inc({ provider, method });
                throw error;
              },
            );
          };
          wrappers.set(key, { original: value, wrapper });
          return wrapper;
        },
      });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
