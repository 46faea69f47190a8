import type { TemplateId } from '@app/contract/generation';
import common from './phrases/common.json' with { type: 'json' };
import daihuo from './phrases/scripts/daihuo.json' with { type: 'json' };
import juqing from './phrases/scripts/juqing.json' with { type: 'json' };
import kepu from './phrases/scripts/kepu.json' with { type: 'json' };
import koubo from './phrases/scripts/koubo.json' with { type: 'json' };
import tandian from './phrases/scripts/tandian.json' with { type: 'json' };
import vlog from './phrases/scripts/vlog.json' with { type: 'json' };
import twists from './phrases/twists.json' with { type: 'json' };
import type { CtaKind } from './platform-style.ts';

/** How a template talks: to camera, as a story, about a product, or from inside a shop. */
export type ScriptMode = 'talk' | 'story' | 'product' | 'shop';

export interface BeatPhrases {
  lines: string[];
  visuals: string[];
  /** Extra sentences for long scenes and for the later scenes of a long beat. */
  more?: string[];
}

export interface TemplatePhrases {
  mode: ScriptMode;
  cta: CtaKind;
  titles: string[];
  covers: string[];
  /** Keyed by the template beat's key (see templates/script-templates.json). */
  beats: Record<string, BeatPhrases>;
}

// Type aliases (not interfaces) so an arc can be read as a plain key → line record.
export type LightArc = { setup: string; reversal: string };
export type StrongArc = { mislead: string; reversal1: string; reversal2: string };
export interface TwistArcs {
  light: LightArc[];
  strong: StrongArc[];
}

export const TEMPLATE_PHRASES: Record<TemplateId, TemplatePhrases> = {
  koubo: koubo as TemplatePhrases,
  juqing: juqing as TemplatePhrases,
  daihuo: daihuo as TemplatePhrases,
  kepu: kepu as TemplatePhrases,
  vlog: vlog as TemplatePhrases,
  tandian: tandian as TemplatePhrases,
};

export const TWIST_ARCS: Record<ScriptMode, TwistArcs> = {
  talk: twists.talk,
  story: twists.story,
  product: twists.product,
  shop: twists.shop,
};

/** Visuals for the beats the twist plan inserts, by mode and plan beat key. */
export const TWIST_VISUALS: Record<ScriptMode, Record<string, string[]>> = twists.visuals;

export const COMMON = {
  prices: common.prices,
  years: common.years,
  nums: common.nums,
  padding: common.padding as Record<ScriptMode, string[]>,
  /** General B-roll for the later scenes of long beats. */
  visuals: common.visuals,
  /** When the banks run out in a long video: a prompt for the creator's own material, not filler. */
  freeform: common.freeform,
};
