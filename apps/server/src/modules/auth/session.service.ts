import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sessions } from './auth.schema.ts';

const DAY_MS = 86_400_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Tokens: 256 random bits, handed out once, stored only hashed, 30-day sliding expiry. */
export function createSessionService(deps: { db: Db; sessionDays: number; now?: () => Date }) {
  const { db, sessionDays } = deps;
  const now = deps.now ?? (() => new Date());
  const ttlMs = sessionDays * DAY_MS;

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
      const [row] = await db
        .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, at)))
        .limit(1);
      if (!row) return undefined;
      if (row.expiresAt.getTime() - at.getTime() < ttlMs - DAY_MS) {
        await db
          .update(sessions)
          .set({ expiresAt: new Date(at.getTime() + ttlMs) })
          .where(eq(sessions.tokenHash, tokenHash));
      }
      return row.userId;
    },

    async revoke(token: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now() })
        .where(eq(sessions.tokenHash, hashToken(token)));
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
