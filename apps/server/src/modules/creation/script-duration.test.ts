import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitDuration, fitsDuration, totalDuration } from './script-duration.ts';

const scene = (durationSec: number) => ({ shot: '近景', visual: '画面', line: '台词', durationSec });

describe('fitDuration', () => {
  it('keeps a script that already fits', () => {
    const scenes = [scene(10), scene(20), scene(28)];
    expect(fitDuration(scenes, 60)).toBe(scenes);
  });

  it('scales a far too long script down to the target', () => {
    const fitted = fitDuration([scene(60), scene(60), scene(60)], 60);
    expect(totalDuration(fitted)).toBe(60);
    expect(fitted.map((s) => s.durationSec)).toEqual([20, 20, 20]);
  });

  it('lands within tolerance for any scenes that can reach the target', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 120 }), { minLength: 2, maxLength: 20 }),
        fc.integer({ min: 15, max: 600 }),
        (durations, target) => {
          fc.pre(durations.length <= target && durations.length * 120 >= target);
          const fitted = fitDuration(durations.map(scene), target);
          expect(fitsDuration(fitted, target)).toBe(true);
          for (const s of fitted) expect(s.durationSec).toBeGreaterThanOrEqual(1);
          for (const s of fitted) expect(s.durationSec).toBeLessThanOrEqual(120);
        },
      ),
    );
  });
});
