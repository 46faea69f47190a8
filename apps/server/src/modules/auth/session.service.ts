import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { EventBus } from '../../db/event-bus.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { sessions } from './auth.tables.ts';

const DAY_MS = 86_400_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const REVOKED_CHANNEL = 'session_revoked';
const ALL = '*';
/** Token hashes per notification: 64 characters each, well under NOTIFY's 8000-byte payload. */
const HASHES_PER_NOTICE = 50;

/**
 * Tokens: 256 random bits, handed out once, stored only hashed, 30-day sliding expiry.
 * A live session is remembered for a few seconds so that a busy client costs no query per call;
 * a logout on any instance evicts it from every instance at once through the event bus.
 */
export function createSessionService(deps: {
  db: Db;
  sessionDays: number;
  bus?: EventBus;
  cacheTtlMs?: number;
  now?: () => Date;
}) {
  const { db, sessionDays } = deps;
  const now = deps.now ?? (() => new Date());
  const ttlMs = sessionDays * DAY_MS;
  const cache = createTtlCache<string, { userId: string; expiresAt: number }>({
    ttlMs: deps.cacheTtlMs ?? 30_000,
    max: 100_000,
  });
  const ready = deps.bus
    ?.subscribe(REVOKED_CHANNEL, ALL, (revoked) => {
      // One hash (a logout) or a list of them (every session of a disabled user).
      for (const tokenHash of Array.isArray(revoked) ? revoked : [revoked]) cache.delete(String(tokenHash));
    })
    .catch(() => undefined);

  /** Drops sessions from this instance's cache now and from every other instance's through the bus. */
  async function forget(tokenHashes: string[]): Promise<void> {
    for (const tokenHash of tokenHashes) cache.delete(tokenHash);
    await ready;
    for (let i = 0; i < tokenHashes.length; i += HASHES_PER_NOTICE) {
      await deps.bus?.publish(REVOKED_CHANNEL, ALL, tokenHashes.slice(i, i + HASHES_PER_NOTICE));
    }
  }

  return {
    async create(userId: string): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db.insert(sessions).values({
        tokenHash: hashToken(token),
        userId,
        expiresAt: new Date(now().getTime() + ttlMs),
      });
      return token;
    },

    /** The user id of a live session, extending it at most once a day (one write, not one per call). */
    async resolve(token: string): Promise<string | undefined> {
      const tokenHash = hashToken(token);
      const at = now();
      const cached = cache.get(tokenHash);
      if (cached && cached.expiresAt > at.getTime()) return cached.userId;
      const [row] = await db
        .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, at)))
        .limit(1);
      if (!row) return undefined;
      let expiresAt = row.expiresAt.getTime();
      if (expiresAt - at.getTime() < ttlMs - DAY_MS) {
        expiresAt = at.getTime() + ttlMs;
        await db
          .update(sessions)
          .set({ expiresAt: new Date(expiresAt) })
          .where(eq(sessions.tokenHash, tokenHash));
      }
      cache.set(tokenHash, { userId: row.userId, expiresAt });
      return row.userId;
    },

    async revoke(token: string): Promise<void> {
      const tokenHash = hashToken(token);
      await db.update(sessions).set({ revokedAt: now() }).where(eq(sessions.tokenHash, tokenHash));
      cache.delete(tokenHash);
      await ready;
      await deps.bus?.publish(REVOKED_CHANNEL, ALL, tokenHash);
    },

    /**
     * Deletes every session of a user inside the caller's transaction (an account being disabled)
     * and answers their token hashes: hand them to `forget` once that transaction has committed.
     */
    async deleteAllOf(tx: DbOrTx, userId: string): Promise<string[]> {
      const rows = await tx
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ tokenHash: sessions.tokenHash });
      return rows.map((row) => row.tokenHash);
    },

    forget,
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
