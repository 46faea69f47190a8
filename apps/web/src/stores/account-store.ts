import { createResettableStore } from './create-resettable-store';

/** Account-wide client state: the distributor flag read when the menu loads (SPEC §4). */
interface AccountState {
  isDistribution: boolean;
}

export const useAccountStore = createResettableStore<AccountState, { setDistribution(v: boolean): void }>(
  () => ({ isDistribution: false }),
  (set) => ({ setDistribution: (isDistribution) => set({ isDistribution }) }),
);
