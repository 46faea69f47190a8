import type { Platform } from '@app/contract/generation';
import platformsJson from './platforms.json' with { type: 'json' };

export type CtaKind = 'follow' | 'interact' | 'buy' | 'visit';

export interface PlatformStyle {
  name: string;
  /** Who watches there, one sentence per variant. */
  age: string[];
  toneWords: string[];
  /** Longer single shots feel slow on this platform. */
  sceneMaxSec: number;
  /** Past this length completion rates drop noticeably. */
  idealMaxSec: number;
  tag: string;
  /** Closing lines; {idea} {subject} {question} {product} are filled by the script writer. */
  cta: Record<CtaKind, string[]>;
}

export const PLATFORM_STYLES: Record<Platform, PlatformStyle> = platformsJson;
