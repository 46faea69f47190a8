import { SCRIPT_DURATION_TOLERANCE } from '@app/contract';
import type { Scene } from '@app/contract/generation';
import { MAX_RATE, MIN_RATE, SPOKEN_RATE, spokenLength } from './spoken.ts';

const SCENE_MAX_SEC = 120;

export const totalDuration = (scenes: Scene[]) => scenes.reduce((sum, s) => sum + s.durationSec, 0);

/** Every line read at 3–5 characters a second, and the scenes within a tenth of the asked length. */
export function paceFits(scenes: Scene[], totalSec: number): boolean {
  return (
    Math.abs(totalDuration(scenes) - totalSec) <= totalSec * 0.1 &&
    scenes.every((s) => {
      const rate = spokenLength(s.line) / s.durationSec;
      return rate >= MIN_RATE && rate <= MAX_RATE;
    })
  );
}

/**
 * Whole seconds for each line so that every line is read at 3–5 characters a second and the
 * scenes add up to `totalSec` when that is possible (else as close as the bounds allow).
 */
export function timeLines(lines: string[], totalSec: number): number[] {
  const chars = lines.map((l) => Math.max(1, spokenLength(l)));
  const lo = chars.map((c) => Math.max(1, Math.ceil(c / MAX_RATE)));
  const hi = chars.map((c, i) => Math.min(SCENE_MAX_SEC, Math.max(lo[i] ?? 1, Math.floor(c / MIN_RATE))));
  const natural = chars.reduce((s, c) => s + c / SPOKEN_RATE, 0);
  const factor = natural > 0 ? totalSec / natural : 1;
  const secs = chars.map((c, i) =>
    Math.min(hi[i] ?? 1, Math.max(lo[i] ?? 1, Math.round((c / SPOKEN_RATE) * factor))),
  );
  let sum = secs.reduce((s, x) => s + x, 0);
  // Move one second at a time where the pace stays most natural.
  const pace = (i: number, d: number) => (chars[i] ?? 0) / d;
  while (sum !== totalSec) {
    const grow = sum < totalSec;
    let pick = -1;
    for (let i = 0; i < secs.length; i++) {
      const d = secs[i] ?? 1;
      if (grow ? d >= (hi[i] ?? 1) : d <= (lo[i] ?? 1)) continue;
      const better =
        pick < 0 ||
        (grow ? pace(i, d) > pace(pick, secs[pick] ?? 1) : pace(i, d) < pace(pick, secs[pick] ?? 1));
      if (better) pick = i;
    }
    if (pick < 0) break;
    secs[pick] = (secs[pick] ?? 1) + (grow ? 1 : -1);
    sum += grow ? 1 : -1;
  }
  return secs;
}

/** Scaled in proportion to `targetSec`, whole seconds within 1..120, the remainder on the longest scenes. */
function scaleTo(scenes: Scene[], targetSec: number): Scene[] {
  const total = totalDuration(scenes);
  const clamp = (v: number) => Math.min(SCENE_MAX_SEC, Math.max(1, v));
  const scaled = scenes.map((s) => ({
    ...s,
    durationSec: clamp(Math.round((s.durationSec * targetSec) / total)),
  }));
  let diff = targetSec - totalDuration(scaled);
  const order = scaled
    .map((s, i) => ({ i, d: s.durationSec }))
    .sort((a, b) => b.d - a.d)
    .map((x) => x.i);
  for (let guard = 0; diff !== 0 && guard < 10_000; guard++) {
    let moved = false;
    for (const i of order) {
      if (diff === 0) break;
      const scene = scaled[i] as Scene;
      const next = scene.durationSec + Math.sign(diff);
      if (next < 1 || next > SCENE_MAX_SEC) continue;
      scene.durationSec = next;
      diff -= Math.sign(diff);
      moved = true;
    }
    if (!moved) break;
  }
  return scaled;
}

/**
 * The one place scene times are fixed, whatever wrote the scenes: kept when they already read
 * naturally, else retimed from the length of each line; if the lines are far too long or short
 * for the asked length, scaled to it so the stored script still fits (±20 %), and the quality
 * checks report the pace.
 */
export function retimeScenes(scenes: Scene[], targetSec: number): Scene[] {
  if (scenes.length === 0 || paceFits(scenes, targetSec)) return scenes;
  const secs = timeLines(
    scenes.map((s) => s.line),
    targetSec,
  );
  const timed = scenes.map((s, i) => ({ ...s, durationSec: secs[i] ?? s.durationSec }));
  const off = Math.abs(totalDuration(timed) - targetSec) > targetSec * SCRIPT_DURATION_TOLERANCE;
  return off ? scaleTo(timed, targetSec) : timed;
}
