import { describe, expect, it } from 'vitest';
import { nextRevealed, REVEAL_IN_RATIO, REVEAL_OUT_RATIO } from './scroll-reveal';

const h = 1000;

describe('scroll reveal thresholds', () => {
  it('uses 80% to enter and 66% to leave (SPEC §2)', () => {
    expect(REVEAL_IN_RATIO).toBe(0.8);
    expect(REVEAL_OUT_RATIO).toBe(0.66);
  });

  it('on the first check, shows what is already within 80% of the window', () => {
    expect(nextRevealed({ revealed: false, top: 800, previousTop: undefined, viewportHeight: h })).toBe(true);
    expect(nextRevealed({ revealed: false, top: 801, previousTop: undefined, viewportHeight: h })).toBe(
      false,
    );
    expect(nextRevealed({ revealed: false, top: -300, previousTop: undefined, viewportHeight: h })).toBe(
      true,
    );
  });

  it('animates in when the top, moving up, comes within 80% of the window height', () => {
    expect(nextRevealed({ revealed: false, top: 801, previousTop: 900, viewportHeight: h })).toBe(false);
    expect(nextRevealed({ revealed: false, top: 800, previousTop: 801, viewportHeight: h })).toBe(true);
    expect(nextRevealed({ revealed: false, top: 700, previousTop: 900, viewportHeight: h })).toBe(true);
  });

  it('goes back when the top, moving down, is below 66% of the window height', () => {
    expect(nextRevealed({ revealed: true, top: 660, previousTop: 600, viewportHeight: h })).toBe(true);
    expect(nextRevealed({ revealed: true, top: 661, previousTop: 660, viewportHeight: h })).toBe(false);
    expect(nextRevealed({ revealed: true, top: 1200, previousTop: 300, viewportHeight: h })).toBe(false);
  });

  it('does not flicker between the two lines', () => {
    // Scrolling down into the band keeps it shown; scrolling up out of the band hides it.
    expect(nextRevealed({ revealed: true, top: 700, previousTop: 750, viewportHeight: h })).toBe(true);
    expect(nextRevealed({ revealed: false, top: 750, previousTop: 700, viewportHeight: h })).toBe(false);
    // Standing still changes nothing, whatever the position.
    for (const top of [0, 500, 700, 790, 900]) {
      for (const revealed of [true, false]) {
        expect(nextRevealed({ revealed, top, previousTop: top, viewportHeight: h })).toBe(revealed);
      }
    }
  });

  it('keeps a shown element shown while it scrolls up and off the screen', () => {
    expect(nextRevealed({ revealed: true, top: -400, previousTop: 100, viewportHeight: h })).toBe(true);
  });

  it('scales with the window height', () => {
    expect(nextRevealed({ revealed: false, top: 649, previousTop: 700, viewportHeight: 812 })).toBe(true);
    expect(nextRevealed({ revealed: false, top: 650, previousTop: 700, viewportHeight: 812 })).toBe(false);
    expect(nextRevealed({ revealed: true, top: 535, previousTop: 500, viewportHeight: 812 })).toBe(true);
    expect(nextRevealed({ revealed: true, top: 536, previousTop: 500, viewportHeight: 812 })).toBe(false);
  });
});
