/** Query keys of this feature: a mutation invalidates the lists it changes. */
export const scriptKeys = {
  all: ['script'] as const,
  lists: ['script', 'list'] as const,
  generations: ['creator'] as const,
  /** Shared with every generation screen: what the next generation costs. */
  limit: ['limit'] as const,
};
