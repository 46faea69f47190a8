import type { WalletService } from '../wallet/wallet.service.ts';

/** What happens once, when a user first logs in: the free credits (DESIGN §5). */
export function createOnboardingService(deps: {
  wallet: Pick<WalletService, 'change'>;
  signupCredits: number;
}) {
  return {
    async welcome(userId: string): Promise<void> {
      if (deps.signupCredits > 0) {
        await deps.wallet.change({
          userId,
          delta: deps.signupCredits,
          reason: 'signup_bonus',
          refId: userId,
        });
      }
    },
  };
}
export type OnboardingService = ReturnType<typeof createOnboardingService>;
