import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true soon after: the first screen (header, hero, counters) is
 * rendered and painted on its own, then the sections below it are rendered in a transition,
 * which React splits into small slices. A phone then never meets one long task building the
 * whole page at once, and the first paint is not held up by content nobody sees yet.
 */
export function useDeferredMount(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    startTransition(() => setMounted(true));
  }, []);
  return mounted;
}
