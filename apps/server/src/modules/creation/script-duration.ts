import { SCRIPT_DURATION_TOLERANCE } from '@app/contract';
import type { Scene } from '@app/contract/generation';

const SCENE_MIN_SEC = 1;
const SCENE_MAX_SEC = 120;

export const totalDuration = (scenes: Scene[]) => scenes.reduce((sum, s) => sum + s.durationSec, 0);

export function fitsDuration(scenes: Scene[], targetSec: number): boolean {
  return Math.abs(totalDuration(scenes) - targetSec) <= targetSec * SCRIPT_DURATION_TOLERANCE;
}

/**
 * A model may ignore the requested length; the stored script must still fit it (±20 %). Scenes
 * are scaled in proportion, kept to whole seconds within 1..120, and the rounding remainder goes
 * to the longest scenes, so the total lands on the target whenever 1..120 s per scene allows it.
 */
export function fitDuration(scenes: Scene[], targetSec: number): Scene[] {
  if (scenes.length === 0 || fitsDuration(scenes, targetSec)) return scenes;
  const total = totalDuration(scenes);
  const clamp = (v: number) => Math.min(SCENE_MAX_SEC, Math.max(SCENE_MIN_SEC, v));
  const scaled = scenes.map((s) => ({
    ...s,
    durationSec: clamp(Math.round((s.durationSec * targetSec) / total)),
  }));
  let diff = targetSec - totalDuration(scaled);
  const order = scaled
    .map((s, i) => ({ i, d: s.durationSec }))
    .sort((a, b) => b.d - a.d)
    .map((x) => x.i);
  // Hand out (or take back) one second at a time, longest scenes first, until it adds up.
  for (let guard = 0; diff !== 0 && guard < 10_000; guard++) {
    let moved = false;
    for (const i of order) {
      if (diff === 0) break;
      const scene = scaled[i]!;
      const next = scene.durationSec + Math.sign(diff);
      if (next < SCENE_MIN_SEC || next > SCENE_MAX_SEC) continue;
      scene.durationSec = next;
      diff -= Math.sign(diff);
      moved = true;
    }
    if (!moved) break;
  }
  return scaled;
}
