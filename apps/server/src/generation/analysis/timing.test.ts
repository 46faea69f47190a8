import type { Scene } from '@app/contract/generation';
import { describe, expect, it } from 'vitest';
import { spokenLength } from './spoken.ts';
import { paceFits, retimeScenes, totalDuration } from './timing.ts';

const scene = (line: string, durationSec: number): Scene => ({
  shot: '中景',
  visual: '画面',
  line,
  durationSec,
});
const rate = (s: Scene) => spokenLength(s.line) / s.durationSec;

describe('scene timing', () => {
  it('keeps scenes that already read at a natural pace', () => {
    const scenes = [scene('这一句正好四秒念完。', 2), scene('第二句也在正常语速范围之内，不快也不慢。', 5)];
    expect(paceFits(scenes, 7)).toBe(true);
    expect(retimeScenes(scenes, 7)).toBe(scenes);
  });

  it('retimes from the lines when the seconds are off, every line at 3–5 characters a second', () => {
    const lines = ['开场一句话', '中间这一段台词比较长，要多给几秒才念得完', '结尾关注我'];
    const fitted = retimeScenes(
      lines.map((l) => scene(l, 10)),
      7,
    );
    expect(totalDuration(fitted)).toBe(7);
    for (const s of fitted) {
      expect(rate(s)).toBeGreaterThanOrEqual(3);
      expect(rate(s)).toBeLessThanOrEqual(5);
    }
  });

  it('scales to the asked length when the lines are far too long or short for it', () => {
    const fitted = retimeScenes([scene('短', 1), scene('也短', 1)], 60);
    expect(totalDuration(fitted)).toBe(60);
    const capped = retimeScenes([scene('一', 200), scene('二', 200), scene('三', 200)], 600);
    expect(totalDuration(capped)).toBeLessThanOrEqual(600 * 1.2);
    for (const s of capped) expect(s.durationSec).toBeLessThanOrEqual(120);
  });
});
