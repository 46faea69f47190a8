import type { ScriptDraft, TemplateId } from '@app/contract/generation';
import { bare, sentencesOf } from '../analysis/spoken.ts';
import type { TopicAnalysis } from '../analysis/topic-analysis.ts';
import type { ScriptTask } from '../generation-provider.ts';
import { type PlanBeat, planTwist } from '../templates/twist-plan.ts';
import { daihuo, tandian } from './compose/beats-sell.ts';
import { juqing, vlog } from './compose/beats-story.ts';
import { type BeatWriters, kepu, koubo } from './compose/beats-talk.ts';
import { type ComposeContext, visuals } from './compose/compose-context.ts';
import { type BeatText, fitBeats, toScenes } from './compose/fit-to-time.ts';
import { dropRepeatedLeadIns } from './compose/lead-ins.ts';
import { materialFor } from './compose/material.ts';
import { coverFor, tagsFor, titleFor, truthfulTopic } from './compose/titles.ts';
import { type TwistLines, twistLines } from './compose/twists.ts';
import { clipText } from './fit-text.ts';
import { PLATFORM_STYLES } from './platform-style.ts';

const WRITERS: Record<TemplateId, (ctx: ComposeContext) => BeatWriters> = {
  koubo,
  kepu,
  juqing,
  vlog,
  daihuo,
  tandian,
};

// The first framing a visual names ("特写…", "…镜头拉远到全景") is the shot it asks for.
const SHOT_WORD = /(大特写|特写|近景|中景|全景|远景)/;

function pickShot(beat: PlanBeat, visual: string, previous: string): string {
  const named = SHOT_WORD.exec(visual)?.[1];
  if (named) return named;
  return beat.shots.find((s) => s !== previous) ?? beat.shots[0] ?? '中景';
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${clipText(text, max - 1)}…`);

/**
 * Writes one variant: the plan's beats filled from the subtopic's material, the twist planted and
 * paid off, the lines fitted to the asked length and timed at a natural pace.
 */
export function buildScript(task: ScriptTask, analysis: TopicAnalysis): ScriptDraft {
  const plan = planTwist(task.templateId, task.twist, task.durationSec);
  const variant = Math.max(0, Math.floor(task.variantIndex)) % 3;
  const ctx: ComposeContext = {
    plan,
    analysis,
    m: materialFor(analysis, variant, task.templateId),
    variant,
    topicLine: truthfulTopic(analysis, plan.totalSec),
    platform: task.platform,
    shotsTaken: {},
  };
  const twist = twistLines(ctx);
  const writers = WRITERS[task.templateId](ctx);
  const beats: BeatText[] = plan.beats.map((beat) => {
    const twistForms = twist?.beats[beat.key];
    if (twistForms) {
      // A story's twist is shot on its characters; the other templates' on the presenter.
      const story = task.templateId === 'juqing';
      const kind =
        beat.role === 'reversal' ? (story ? 'storyReversal' : 'reversal') : story ? 'storyPlant' : 'plant';
      return {
        beat,
        core: [twistForms],
        extras: [],
        visuals: visuals(ctx, beat, kind, { element: elementOf(twist, beat.key) }),
      };
    }
    const body = writers[beat.key]?.(beat) ?? { core: [], extras: [], visuals: [] };
    return { beat, ...body };
  });
  const plant2At = twist?.plant2 ? plant2Beat(beats) : -1;
  if (twist?.plant2 && plant2At >= 0) beats[plant2At]?.core.unshift(twist.plant2);

  const fitted = dropRepeatedLeadIns(fitBeats(beats, plan.totalSec));
  const { scenes, beatOf } = toScenes(beats, fitted, plan.totalSec, pickShot);
  const startOf = (beatIndex: number) => {
    let t = 0;
    for (let i = 0; i < scenes.length; i++) {
      if (beatOf[i] === beatIndex) return t;
      t += scenes[i]?.durationSec ?? 0;
    }
    return -1;
  };
  const first = scenes[0];
  const last = scenes[scenes.length - 1];
  const tags = tagsFor(ctx);
  const title = titleFor(ctx);
  return {
    title,
    hook: clip(sentencesOf(first?.line ?? '')[0] ?? first?.line ?? '', 200),
    scenes,
    twist: twist ? describeTwist(twist, beats, fitted, startOf, plan.totalSec, plant2At) : null,
    cta: clip(last?.line ?? '', 200),
    tags: tags.length >= 2 ? tags : [...tags, PLATFORM_STYLES[task.platform].tag],
    coverText: coverFor(ctx, title),
  };
}

function elementOf(twist: TwistLines, beatKey: string): string {
  return twist.parts.find((p) => p.plantBeat === beatKey || p.payoffBeat === beatKey)?.element ?? '';
}

/** Strong twists plant their second element where the story resumes after the mislead. */
function plant2Beat(beats: BeatText[]): number {
  const mislead = beats.findIndex((b) => b.beat.key === 'mislead');
  return beats.findIndex((b, i) => i > mislead && b.beat.role === 'body');
}

/** 反转设计: where each element is planted, where it pays off, and what it is. */
function describeTwist(
  twist: TwistLines,
  beats: BeatText[],
  fitted: string[][],
  startOf: (beatIndex: number) => number,
  totalSec: number,
  plant2At: number,
): string {
  const indexOf = (key: string) => (key === 'plant2' ? plant2At : beats.findIndex((b) => b.beat.key === key));
  // The note separates reversals with 「；」: a sentence's own semicolons become commas.
  const said = (beatIndex: number, element: string, fallback: string) =>
    bare(fitted[beatIndex]?.find((s) => s.includes(element)) ?? fallback).replaceAll('；', '，');
  const parts = twist.parts.map((p) => {
    const plantAt = indexOf(p.plantBeat);
    const payoffAt = indexOf(p.payoffBeat);
    const payoffSec = startOf(payoffAt);
    const share = Math.round((payoffSec / totalSec) * 100);
    return `${p.label}（第${payoffSec}秒，约全片${share}%处）：${clip(said(payoffAt, p.element, p.payoff), 48)}，回扣第${startOf(plantAt)}秒埋下的「${p.element}」`;
  });
  return clip(`${parts.join('；')}。`, 300);
}
