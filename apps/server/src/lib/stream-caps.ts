import { tooManyRequests } from './errors.ts';

export interface StreamCapLimits {
  /** Open streams on this instance, all kinds together. */
  total: number;
  /** Anonymous streams (QR login status) from one address. */
  perIp: number;
  /** A signed-in user's streams (orders, generations, persona analyses), all tabs together. */
  perUser: number;
  /** Streams watching one login QR state. */
  perState: number;
}

export type StreamOwner = { ip: string; state: string } | { userId: string };

/**
 * How many event streams may be open at once, per instance: each holds a socket and a
 * subscription for minutes, so an unbounded number is a cheap way to exhaust the server.
 * `open` takes a slot under every cap that applies, or none, and says which one is full.
 */
export function createStreamCaps(limits: StreamCapLimits) {
  const counts = new Map<string, number>();
  let total = 0;

  const keysOf = (owner: StreamOwner) =>
    'userId' in owner
      ? [
          {
            key: `user:${owner.userId}`,
            max: limits.perUser,
            full: '你同时打开的页面太多了，请关闭一些页面后再试',
          },
        ]
      : [
          {
            key: `ip:${owner.ip}`,
            max: limits.perIp,
            full: '当前网络打开的登录页面太多了，请关闭一些页面后再试',
          },
          {
            key: `state:${owner.state}`,
            max: limits.perState,
            full: '这个二维码已在别的页面打开，请刷新二维码',
          },
        ];

  return {
    /** Takes the slots or throws a 429 in Chinese; the returned release may be called any number of times. */
    open(owner: StreamOwner): () => void {
      if (total >= limits.total) throw tooManyRequests('当前访问人数较多，请稍后刷新页面再试', 'stream_cap');
      const keys = keysOf(owner);
      for (const { key, max, full } of keys) {
        if ((counts.get(key) ?? 0) >= max) throw tooManyRequests(full, 'stream_cap');
      }
      total++;
      for (const { key } of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total--;
        for (const { key } of keys) {
          const left = (counts.get(key) ?? 1) - 1;
          if (left > 0) counts.set(key, left);
          else counts.delete(key);
        }
      };
    },
    get count(): number {
      return total;
    },
  };
}
export type StreamCaps = ReturnType<typeof createStreamCaps>;
