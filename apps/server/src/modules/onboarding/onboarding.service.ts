import type { DbOrTx } from '../../db/database.ts';
import type { WalletService } from '../wallet/wallet.service.ts';

/**
 * What happens once, when a user first logs in: the free credits (DESIGN §5). Given in the
 * transaction that creates the user (welcomeIn); the ledger's unique index on one signup_bonus per
 * user refuses a second grant whatever the caller does.
 */
/** PostgreSQL unique_violation, raw or wrapped by Drizzle in `cause`. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

export function createOnboardingService(deps: {
  wallet: Pick<WalletService, 'change' | 'changeIn'>;
  signupCredits: number;
}) {
  const grant = (userId: string) =>
    ({ userId, delta: deps.signupCredits, reason: 'signup_bonus', refId: userId }) as const;
  return {
    /** Inside the transaction that inserts the user: both commit or neither does. */
    async welcomeIn(tx: DbOrTx, userId: string): Promise<void> {
      if (deps.signupCredits > 0) await deps.wallet.changeIn(tx, grant(userId));
    },
    /** For an existing user, in its own transaction; a user already welcomed gets nothing more. */
    async welcome(userId: string): Promise<boolean> {
      if (deps.signupCredits <= 0) return false;
      try {
        await deps.wallet.change(grant(userId));
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
  };
}
export type OnboardingService = ReturnType<typeof createOnboardingService>;
