import {
  SCRIPT_DURATION_MAX_SEC,
  SCRIPT_DURATION_MIN_SEC,
  type TemplateId,
  type Twist,
} from '@app/contract/generation';
import { type BeatRole, getTemplate, type TemplateBeat } from './templates.ts';

export type PlanBeatRole = BeatRole | 'setup' | 'reversal';

export interface PlanBeat {
  key: string;
  name: string;
  role: PlanBeatRole;
  purpose: string;
  shots: string[];
  startSec: number;
  durationSec: number;
  /** durationSec / totalSec, rounded to 2 decimals. */
  share: number;
  /** How the beat is cut into scenes; sums to durationSec. */
  sceneDurations: number[];
  /** 1 or 2 on reversal beats. */
  reversal?: 1 | 2;
}

export interface PlanReversal {
  order: 1 | 2;
  beatIndex: number;
  atSec: number;
  atShare: number;
}

export interface TwistPlan {
  templateId: TemplateId;
  templateName: string;
  twist: Twist;
  totalSec: number;
  beats: PlanBeat[];
  reversals: PlanReversal[];
  /** What the earlier beats must plant so the reversal lands; null without a twist. */
  setup: string | null;
  sceneCount: number;
}

interface InsertedBeat {
  key: string;
  name: string;
  purpose: string;
  shots: string[];
  share: number;
}
interface ReversalSpec extends InsertedBeat {
  at: number;
}
interface TwistSpec {
  setup: InsertedBeat | null;
  reversals: ReversalSpec[];
  setupNote: string | null;
}

const TWISTS: Record<Twist, TwistSpec> = {
  none: { setup: null, reversals: [], setupNote: null },
  light: {
    setup: {
      key: 'setup',
      name: '埋下伏笔',
      purpose: '不动声色地放一个细节（一句话、一个道具或一个眼神），观众当下不会在意，反转时会被重新解读',
      shots: ['特写', '近景'],
      share: 0.1,
    },
    reversals: [
      {
        key: 'reversal',
        name: '反转揭晓',
        purpose: '揭开真相，推翻观众一路以来的预期，并回扣前面的伏笔',
        shots: ['特写', '近景'],
        at: 0.75,
        share: 0.12,
      },
    ],
    setupNote: '在前三成埋一个伏笔：一个不起眼的细节，反转时让观众恍然大悟「原来早就告诉你了」。',
  },
  strong: {
    setup: {
      key: 'mislead',
      name: '误导铺垫',
      purpose: '让观众对人物或结论形成一个确信但错误的判断',
      shots: ['近景', '中景'],
      share: 0.12,
    },
    reversals: [
      {
        key: 'reversal1',
        name: '第一次反转',
        purpose: '推翻观众的判断，揭示出人意料的真相',
        shots: ['特写', '近景'],
        at: 0.55,
        share: 0.1,
      },
      {
        key: 'reversal2',
        name: '第二次反转',
        purpose: '在观众以为已经结束时再翻一次，给出真正的答案并回扣开头',
        shots: ['特写', '近景'],
        at: 0.87,
        share: 0.08,
      },
    ],
    setupNote:
      '开头先把观众引向一个错误判断（误导铺垫），同时悄悄放两处细节：一处支撑第一次反转，一处支撑第二次反转。',
  },
};

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export function clampDuration(sec: number): number {
  if (!Number.isFinite(sec)) return SCRIPT_DURATION_MIN_SEC;
  return clamp(Math.round(sec), SCRIPT_DURATION_MIN_SEC, SCRIPT_DURATION_MAX_SEC);
}

interface Slot {
  beat: Omit<PlanBeat, 'startSec' | 'durationSec' | 'share' | 'sceneDurations'>;
  start: number;
  end: number;
}

const fromTemplate = (b: TemplateBeat): Slot['beat'] => ({
  key: b.key,
  name: b.name,
  role: b.role,
  purpose: b.purpose,
  shots: b.shots,
});

const fromInserted = (b: InsertedBeat, role: PlanBeatRole, reversal?: 1 | 2): Slot['beat'] => ({
  key: b.key,
  name: b.name,
  role,
  purpose: b.purpose,
  shots: b.shots,
  ...(reversal ? { reversal } : {}),
});

/**
 * Lays the template's beats and the twist's extra beats on a timeline of `durationSec`
 * (clamped to 15..600): reversals start at fixed shares of the video, the template's
 * beats fill the gaps in order, and every beat gets whole seconds that sum to the total.
 */
export function planTwist(templateId: TemplateId, twist: Twist, durationSec: number): TwistPlan {
  const total = clampDuration(durationSec);
  const template = getTemplate(templateId);
  const spec = TWISTS[twist];
  const inserted = (spec.setup ? 1 : 0) + spec.reversals.length;

  // A short video cannot hold every beat: drop the optional ones rather than cut scenes to nothing.
  let base = template.beats;
  if ((base.length + inserted) * 3 > total) base = base.filter((b) => !b.optional);
  const hook = base[0];
  const cta = base[base.length - 1];
  if (!hook || !cta || base.length < 3) throw new Error(`模板 ${templateId} 至少需要开头、正文和结尾`);
  const middle = base.slice(1, -1);

  const fixed: Slot[] = [];
  // The hook is the "golden three seconds": short whatever the length of the video.
  const hookEnd = clamp(total * 0.07, 3, 6);
  fixed.push({ beat: fromTemplate(hook), start: 0, end: hookEnd });
  if (spec.setup) {
    const end = hookEnd + Math.max(2, spec.setup.share * total);
    fixed.push({ beat: fromInserted(spec.setup, 'setup'), start: hookEnd, end });
  }
  spec.reversals.forEach((r, i) => {
    const start = r.at * total;
    fixed.push({
      beat: fromInserted(r, 'reversal', i === 0 ? 1 : 2),
      start,
      end: start + r.share * total,
    });
  });
  let ctaStart = total - clamp(total * 0.08, 2, 10);
  const last = fixed[fixed.length - 1];
  if (last && last.end > ctaStart) {
    // The last reversal runs into the ending: it keeps the larger part of what is left.
    ctaStart = last.start + (total - last.start) * 0.6;
    last.end = ctaStart;
  }
  fixed.push({ beat: fromTemplate(cta), start: ctaStart, end: total });

  const slots = fillGaps(fixed, middle);
  return finish(templateId, template.name, twist, spec.setupNote, total, slots);
}

/** Puts the middle beats into the free windows between fixed beats, in order, by weight. */
function fillGaps(fixed: Slot[], middle: TemplateBeat[]): Slot[] {
  const windows: Array<{ after: number; start: number; end: number; beats: TemplateBeat[] }> = [];
  for (let i = 0; i + 1 < fixed.length; i++) {
    const a = fixed[i]!;
    const b = fixed[i + 1]!;
    if (b.start > a.end) windows.push({ after: i, start: a.end, end: b.start, beats: [] });
  }
  const capacity = windows.reduce((s, w) => s + (w.end - w.start), 0);
  const weight = middle.reduce((s, b) => s + b.weight, 0);
  let acc = 0;
  for (const beat of middle) {
    const mid = (acc + beat.weight / 2) / weight;
    acc += beat.weight;
    let filled = 0;
    // A beat goes into the window that covers its weighted midpoint.
    const target =
      windows.find((w) => {
        filled += (w.end - w.start) / capacity;
        return mid < filled;
      }) ?? windows[windows.length - 1];
    target?.beats.push(beat);
  }

  const out: Slot[] = [];
  fixed.forEach((slot, i) => {
    const window = windows.find((w) => w.after === i);
    if (window && window.beats.length === 0) {
      out.push({ ...slot, end: window.end }); // an empty window lengthens the beat before it
      return;
    }
    out.push(slot);
    if (!window) return;
    const w = window.beats.reduce((s, b) => s + b.weight, 0);
    let cursor = window.start;
    for (const b of window.beats) {
      const len = ((window.end - window.start) * b.weight) / w;
      out.push({ beat: fromTemplate(b), start: cursor, end: cursor + len });
      cursor += len;
    }
  });
  return out;
}

/** Rounds the timeline to whole seconds (each beat >= 1 s, sum = total) and cuts beats into scenes. */
function finish(
  templateId: TemplateId,
  templateName: string,
  twist: Twist,
  setup: string | null,
  total: number,
  slots: Slot[],
): TwistPlan {
  const n = slots.length;
  const ends = slots.map((s) => Math.round(s.end));
  ends[n - 1] = total;
  for (let i = 0; i < n; i++) ends[i] = Math.max(ends[i]!, (i === 0 ? 0 : ends[i - 1]!) + 1);
  for (let i = n - 2; i >= 0; i--) ends[i] = Math.min(ends[i]!, ends[i + 1]! - 1);

  // Scenes stay short enough to keep the picture moving, and never more than 20 in all.
  const maxScene = Math.max(15, Math.ceil(total / (20 - n)));
  const beats: PlanBeat[] = slots.map((slot, i) => {
    const startSec = i === 0 ? 0 : ends[i - 1]!;
    const durationSec = ends[i]! - startSec;
    return {
      ...slot.beat,
      startSec,
      durationSec,
      share: Math.round((durationSec / total) * 100) / 100,
      sceneDurations: splitEvenly(durationSec, Math.ceil(durationSec / maxScene)),
    };
  });
  const reversals: PlanReversal[] = [];
  beats.forEach((b, i) => {
    if (b.reversal) {
      reversals.push({
        order: b.reversal,
        beatIndex: i,
        atSec: b.startSec,
        atShare: Math.round((b.startSec / total) * 100) / 100,
      });
    }
  });
  const sceneCount = beats.reduce((s, b) => s + b.sceneDurations.length, 0);
  return { templateId, templateName, twist, totalSec: total, beats, reversals, setup, sceneCount };
}

function splitEvenly(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, i) => base + (i < total % parts ? 1 : 0));
}
