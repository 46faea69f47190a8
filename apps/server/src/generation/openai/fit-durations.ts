import type { Scene } from '@app/contract/generation';

/**
 * Models are loose with arithmetic: when the scenes add up to more than 20% off the asked
 * length, scale them back rather than spend a repair round on it.
 */
export function fitDurations(scenes: Scene[], totalSec: number): Scene[] {
  const sum = scenes.reduce((s, x) => s + x.durationSec, 0);
  if (sum > 0 && Math.abs(sum - totalSec) <= totalSec * 0.2) return scenes;
  const factor = sum > 0 ? totalSec / sum : 1;
  return scenes.map((scene) => ({
    ...scene,
    durationSec: Math.min(120, Math.max(1, Math.round(scene.durationSec * factor))),
  }));
}
