import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Cross-instance events over PostgreSQL LISTEN/NOTIFY. One LISTEN per channel per process; the
 * payload carries a key (a QR state, a generation id) and subscribers are dispatched in memory by
 * key, so ten thousand open streams cost one listener, not ten thousand.
 */
export type EventHandler = (data: unknown) => void;

export interface EventBus {
  subscribe(channel: string, key: string, handler: EventHandler): Promise<() => void>;
  publish(channel: string, key: string, data: unknown): Promise<void>;
  close(): Promise<void>;
}

type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

function createBus(listen: Listen, notify: (channel: string, payload: string) => Promise<void>): EventBus {
  const handlers = new Map<string, Map<string, Set<EventHandler>>>();
  const listening = new Map<string, Promise<() => Promise<void>>>();

  const dispatch = (channel: string, payload: string) => {
    let message: { k: string; d: unknown };
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    for (const handler of handlers.get(channel)?.get(message.k) ?? []) handler(message.d);
  };

  return {
    async subscribe(channel, key, handler) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name: ${channel}`);
      let byKey = handlers.get(channel);
      if (!byKey) {
        byKey = new Map();
        handlers.set(channel, byKey);
      }
      let set = byKey.get(key);
      if (!set) {
        set = new Set();
        byKey.set(key, set);
      }
      set.add(handler);
      if (!listening.has(channel))
        listening.set(
          channel,
          listen(channel, (p) => dispatch(channel, p)),
        );
      await listening.get(channel);
      return () => {
        set.delete(handler);
        if (set.size === 0) byKey.delete(key);
      };
    },
    async publish(channel, key, data) {
      await notify(channel, JSON.stringify({ k: key, d: data }));
    },
    async close() {
      for (const unlisten of listening.values()) await (await unlisten.catch(() => async () => {}))();
      listening.clear();
      handlers.clear();
    },
  };
}

export function createPgliteBus(client: PGlite): EventBus {
  return createBus(
    (channel, onPayload) => client.listen(channel, onPayload),
    async (channel, payload) => {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
  );
}

/**
 * A dedicated connection for LISTEN (a pooled one would drop it), reconnecting if it breaks.
 * Its LISTEN/UNLISTEN commands go out one at a time through `onListener`: streams subscribing to
 * several channels at once would otherwise queue queries on one pg client, which pg deprecates
 * ("client.query() when the client is already executing a query") and pg@9 refuses.
 */
export async function createPostgresBus(url: string): Promise<EventBus> {
  const notifyPool = new pg.Pool({ connectionString: url, max: 4 });
  const channels = new Map<string, (payload: string) => void>();
  let client: pg.Client | undefined;
  let closed = false;
  let queue: Promise<unknown> = Promise.resolve();

  /** Runs `work` after every command sent before it has finished: one query at a time. */
  const onListener = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => {});
    return next;
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (n) => channels.get(n.channel)?.(n.payload ?? ''));
    next.on('error', () => {
      if (closed) return;
      client = undefined;
      setTimeout(() => void connect().catch(() => {}), 500);
    });
    await next.connect();
    await onListener(async () => {
      for (const channel of channels.keys()) await next.query(`LISTEN ${channel}`);
      client = next;
    });
  };
  await connect();

  const bus = createBus(
    async (channel, onPayload) => {
      channels.set(channel, onPayload);
      await onListener(async () => {
        await client?.query(`LISTEN ${channel}`);
      });
      return async () => {
        channels.delete(channel);
        await onListener(async () => {
          await client?.query(`UNLISTEN ${channel}`);
        }).catch(() => {});
      };
    },
    async (channel, payload) => {
      await notifyPool.query('select pg_notify($1, $2)', [channel, payload]);
    },
  );
  return {
    ...bus,
    async close() {
      closed = true;
      await bus.close();
      await onListener(async () => {
        await client?.end();
      }).catch(() => {});
      await notifyPool.end();
    },
  };
}
