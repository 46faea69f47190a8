import { randomInt } from 'node:crypto';

/**
 * JB + Beijing time to the second + 8 random digits (24 characters): readable for support
 * ("which day?"), unguessable enough, and within WeChat's out_trade_no rules (6–32 of [0-9A-Za-z_-|*]).
 * The column is unique; the caller retries the rare collision.
 */
export function newOrderNo(now = new Date()): string {
  const beijing = new Date(now.getTime() + 8 * 3600_000).toISOString();
  const stamp = beijing.slice(0, 19).replace(/\D/g, '');
  return `JB${stamp}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}
