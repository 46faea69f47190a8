/**
 * SPEC §2: a feature element animates in when its top comes within 80% of the window height,
 * and goes back when its top is below 66% of it.
 *
 * The two lines overlap (66% is above 80%), so which one applies depends on where the element
 * is heading: while it moves up the screen (the reader scrolls down) it enters at the 80% line;
 * while it moves down (the reader scrolls back) it leaves at the 66% line. Between the lines
 * nothing changes while the page is still, so an element never flickers.
 */
export const REVEAL_IN_RATIO = 0.8;
export const REVEAL_OUT_RATIO = 0.66;

export interface RevealInput {
  revealed: boolean;
  /** getBoundingClientRect().top now. */
  top: number;
  /** The top at the previous check; undefined on the first check. */
  previousTop: number | undefined;
  viewportHeight: number;
}

export function isWithinRevealLine(top: number, viewportHeight: number): boolean {
  return top <= viewportHeight * REVEAL_IN_RATIO;
}

export function isBelowHideLine(top: number, viewportHeight: number): boolean {
  return top > viewportHeight * REVEAL_OUT_RATIO;
}

export function nextRevealed({ revealed, top, previousTop, viewportHeight }: RevealInput): boolean {
  if (previousTop === undefined) return isWithinRevealLine(top, viewportHeight);
  if (top < previousTop && isWithinRevealLine(top, viewportHeight)) return true;
  if (top > previousTop && isBelowHideLine(top, viewportHeight)) return false;
  return revealed;
}
