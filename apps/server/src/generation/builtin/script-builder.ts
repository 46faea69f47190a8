import type { Scene, ScriptDraft, TemplateId } from '@app/contract/generation';
import type { ScriptTask } from '../generation-provider.ts';
import type { PlanBeat, TwistPlan } from '../templates/twist-plan.ts';
import { fill, type Slots } from './fill.ts';
import { CHARS_PER_SEC, LineWriter } from './line-writer.ts';
import { PLATFORM_STYLES } from './platform-style.ts';
import type { Rng } from './random.ts';
import { buildScriptContext } from './script-context.ts';
import { COMMON, type ScriptMode, TEMPLATE_PHRASES, TWIST_ARCS, TWIST_VISUALS } from './script-phrases.ts';

const TEMPLATE_TAGS: Record<TemplateId, string> = {
  koubo: '口播',
  juqing: '剧情',
  daihuo: '好物分享',
  kepu: '知识科普',
  vlog: 'vlog日常',
  tandian: '探店',
};

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
// The first framing a visual names ("…镜头拉远到全景") is the shot it asks for.
const SHOT_WORD = /(大特写|特写|近景|中景|全景|远景)/;

/**
 * Picks the variant's pattern: the list is shuffled once per request (`base`), and variant i
 * takes the i-th entry, so the variants of one request never share it.
 */
function rotate(patterns: readonly string[], slots: Slots, base: Rng, variant: number, max: number): string {
  const rendered = base.shuffle(patterns).map((p) => fill(p, slots, 'peek') ?? '');
  const fitting = rendered.filter((t) => t.length > 0 && t.length <= max);
  const pool = fitting.length >= 3 ? fitting : rendered;
  return clip(pool[variant % pool.length] ?? '', max);
}

/**
 * Builds one script from the twist plan: one scene per planned scene, lines sized to the
 * scene's duration, the twist's setup and reversals taken from one matching story arc.
 */
export function buildScript(task: ScriptTask, plan: TwistPlan, rng: Rng, base: Rng): ScriptDraft {
  const ctx = buildScriptContext(task, rng);
  const { slots } = ctx;
  const phrases = TEMPLATE_PHRASES[task.templateId];
  const style = PLATFORM_STYLES[task.platform];
  const variant = Math.max(0, Math.floor(task.variantIndex));
  const writer = new LineWriter(slots, rng, rng.shuffle(COMMON.padding[phrases.mode]));

  const title = rotate(phrases.titles, slots, base, variant, 30);
  const mentionsTopic = (t: string) => t.includes(ctx.topicCore);
  const hookBeat = plan.beats[0];
  const hookLines = phrases.beats[hookBeat?.key ?? '']?.lines ?? [];
  // Every script must say what it is about: if the title does not, the first line does.
  const hookPool = mentionsTopic(title) ? hookLines : hookLines.filter((p) => p.includes('{topic'));
  const hookPattern = rotate(hookPool.length > 0 ? hookPool : hookLines, slots, base, variant, 200);

  const twistLines: Record<string, string> = {};
  const arc = chooseArc(task, plan, phrases.mode, slots, rng);
  for (const [key, pattern] of Object.entries(arc)) twistLines[key] = writer.fixed(pattern);

  // Declared before the scene loop that calls it.
  const freeforms = rng.shuffle(COMMON.freeform);
  let freeformUsed = 0;
  function freeform(sec: number): string {
    const pattern = freeforms[freeformUsed++ % freeforms.length] ?? '';
    return fill(pattern, { ...slots, sec: String(sec) }, 'peek') ?? '';
  }

  const ctaLine = writer.fixed(rng.pick(style.cta[phrases.cta]));
  let previousShot = '';
  const scenes: Scene[] = [];
  for (const beat of plan.beats) {
    const visuals = visualPatterns(beat, task.templateId, rng);
    beat.sceneDurations.forEach((durationSec, k) => {
      const visual = clip(fill(visuals[k % visuals.length] ?? '', slots, 'peek') ?? '', 300);
      // A visual that names its framing decides the shot, so the two never disagree.
      const named = SHOT_WORD.exec(visual)?.[1];
      const shots = beat.shots.filter((s) => s !== previousShot);
      const shot = named ?? rng.pick(shots.length > 0 ? shots : beat.shots);
      previousShot = shot;
      scenes.push({
        shot,
        visual,
        line: clip(lineFor(beat, k, durationSec) || freeform(durationSec), 500),
        durationSec,
      });
    });
  }

  function lineFor(beat: PlanBeat, k: number, durationSec: number): string {
    const own = phrases.beats[beat.key];
    // The hook stays one punchy sentence: padding would blunt it.
    if (beat.role === 'hook' && k === 0) return hookPattern;
    if (beat.role === 'cta') return k === 0 ? ctaLine : writer.write([], [], durationSec);
    const lead = k === 0 ? twistLines[beat.key] : undefined;
    if (lead !== undefined) return writer.write([], [], durationSec, lead);
    // Only a beat's first scene opens with one of its lines; later scenes carry it on.
    if (k > 0) return writer.write(own?.more ?? [], [], durationSec);
    return writer.write(own?.lines ?? [], own?.more ?? [], durationSec);
  }

  return {
    title,
    hook: hookPattern,
    scenes,
    twist: describeTwist(plan, twistLines),
    cta: clip(ctaLine, 200),
    tags: [...new Set([ctx.topicCore, ...rng.sample(ctx.profile.tags, 3), TEMPLATE_TAGS[task.templateId]])]
      .map((t) => t.slice(0, 20))
      .slice(0, 8),
    coverText: rotate(phrases.covers, slots, base, variant, 14),
  };
}

function visualPatterns(beat: PlanBeat, templateId: TemplateId, rng: Rng): string[] {
  const phrases = TEMPLATE_PHRASES[templateId];
  const own = TWIST_VISUALS[phrases.mode][beat.key] ?? phrases.beats[beat.key]?.visuals ?? [];
  // Long beats need more pictures than the beat has: general B-roll fills in after its own.
  return [...rng.shuffle(own), ...rng.shuffle(COMMON.visuals)];
}

/** Of the arcs for this mode and twist, one whose lines best fit the time their beats get. */
function chooseArc(
  task: ScriptTask,
  plan: TwistPlan,
  mode: ScriptMode,
  slots: Slots,
  rng: Rng,
): Record<string, string> {
  if (task.twist === 'none') return {};
  const arcs: Array<Record<string, string>> = [...TWIST_ARCS[mode][task.twist]];
  const overflow = (arc: Record<string, string>) =>
    Object.entries(arc).reduce((sum, [key, pattern]) => {
      const seconds = plan.beats.find((b) => b.key === key)?.durationSec ?? 0;
      const length = fill(pattern, slots, 'peek')?.length ?? 0;
      return sum + Math.max(0, length - seconds * CHARS_PER_SEC * 1.5);
    }, 0);
  const scored = arcs.map((arc) => ({ arc, over: overflow(arc) }));
  const best = Math.min(...scored.map((s) => s.over));
  // Any arc that fits about as well as the best will do: always taking the best would repeat one arc.
  return rng.pick(scored.filter((s) => s.over <= best + 10)).arc;
}

function describeTwist(plan: TwistPlan, lines: Record<string, string>): string | null {
  const beat = (key: string) => plan.beats.find((b) => b.key === key);
  const part = (label: string, key: string) => {
    const b = beat(key);
    const where = b ? `第${b.startSec}秒，约全片${Math.round((b.startSec / plan.totalSec) * 100)}%处` : '';
    const what = clip((lines[key] ?? '').replace(/[。！？…]+$/, ''), 60);
    return `${label}（${where}）：${what}`;
  };
  if (plan.twist === 'light') return `${part('反转', 'reversal')}；${part('伏笔', 'setup')}。`;
  if (plan.twist === 'strong') {
    return `${[part('误导铺垫', 'mislead'), part('第一次反转', 'reversal1'), part('第二次反转', 'reversal2')].join('；')}。`;
  }
  return null;
}
