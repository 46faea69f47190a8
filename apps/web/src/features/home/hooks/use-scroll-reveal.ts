import { useCallback } from 'react';
import { prefersReducedMotion } from '../lib/reduced-motion';
import { nextRevealed } from '../lib/scroll-reveal';

interface Tracked {
  revealed: boolean;
  previousTop: number | undefined;
}

/**
 * One shared, passive scroll/resize listener for every revealed element, checked once per
 * animation frame: all positions are read first, then all attributes written, so a scroll
 * costs one layout however many elements there are. The state lives in `data-revealed` on the
 * element itself, so scrolling never re-renders React.
 */
const tracked = new Map<HTMLElement, Tracked>();
let frame = 0;

function check() {
  frame = 0;
  const viewportHeight = window.innerHeight;
  const tops = [...tracked.keys()].map((el) => el.getBoundingClientRect().top);
  let i = 0;
  for (const [el, state] of tracked) {
    const top = tops[i++]!;
    const revealed = nextRevealed({ ...state, top, viewportHeight });
    state.previousTop = top;
    if (revealed !== state.revealed) {
      state.revealed = revealed;
      el.dataset.revealed = String(revealed);
    }
  }
}

function schedule() {
  if (!frame) frame = requestAnimationFrame(check);
}

function track(el: HTMLElement): () => void {
  if (prefersReducedMotion()) {
    el.dataset.revealed = 'true';
    return () => {};
  }
  el.dataset.revealed = 'false';
  tracked.set(el, { revealed: false, previousTop: undefined });
  if (tracked.size === 1) {
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule, { passive: true });
  }
  schedule();
  return () => {
    tracked.delete(el);
    if (tracked.size === 0) {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame);
      frame = 0;
    }
  };
}

/** A ref callback: the element fades/slides in and out with scrolling (SPEC §2 thresholds). */
export function useScrollReveal<T extends HTMLElement>() {
  return useCallback((el: T | null) => (el ? track(el) : undefined), []);
}
