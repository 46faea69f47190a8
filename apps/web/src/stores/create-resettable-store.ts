import { create, type StateCreator } from 'zustand';

/** A zustand store with a reset() back to its initial state (SPEC §3: each store can be reset). */
export function createResettableStore<S extends object, A extends object>(
  initial: () => S,
  actions: StateCreator<S & A & { reset(): void }, [], [], A>,
) {
  return create<S & A & { reset(): void }>()((set, get, api) => ({
    ...initial(),
    ...actions(set, get, api),
    reset: () => set(initial() as Partial<S & A & { reset(): void }>),
  }));
}
