/** Query keys of this feature: a mutation invalidates the lists it changes. */
export const scriptKeys = {
  all: ['script'] as const,
  lists: ['script', 'list'] as const,
  generations: ['creator'] as const,
};
