import { chineseNumber } from '../../analysis/chinese-numbers.ts';
import { bare, firstClause, spokenLength } from '../../analysis/spoken.ts';
import type { TopicAnalysis } from '../../analysis/topic-analysis.ts';
import { clipText } from '../fit-text.ts';
import { type ComposeContext, FRAMES, fillFrame } from './compose-context.ts';
import type { Material } from './material.ts';

/** "两分钟", "四十五秒": a video length as a title says it. */
export function lengthWords(sec: number): string {
  if (sec < 60) return `${chineseNumber(sec)}秒`;
  const minutes = Math.round(sec / 60);
  return `${minutes === 2 ? '两' : chineseNumber(minutes)}分钟`;
}

/**
 * The topic as the script may say it: a promised length the video does not keep ("一分钟看懂"
 * for three minutes) becomes the true one.
 */
export function truthfulTopic(a: TopicAnalysis, durationSec: number): string {
  if (!a.lengthClaim || !a.lengthClaimSec || durationSec <= a.lengthClaimSec * 1.1) return a.topic;
  return a.topic.replace(a.lengthClaim, lengthWords(durationSec));
}

/** What the variant's title says the video is about: the creator's own words for the subject. */
export function titleCore(a: TopicAnalysis): string {
  return a.compare ? `${a.compare[0]}和${a.compare[1]}` : a.core;
}

const fits = (title: string) => spokenLength(title) >= 4 && [...title].length <= 30;

/**
 * Titles for a topic from a variant's material, best first: the creator's words for the subject
 * in each, plus what the variant is about (its first point, its rule, or its story's title).
 */
export function titleOptions(
  a: TopicAnalysis,
  m: Material,
  topicLine: string,
  angle: number,
  story: boolean,
): string[] {
  const core = titleCore(a);
  const slots = {
    core,
    countRaw: a.count?.raw ?? '',
    unit: a.count?.ordinalUnit ?? '',
    name: m.points[0]?.name ?? m.name,
    storyTitle: m.story.title,
  };
  const pick = (group: string[]) => fillFrame(group[Math.max(0, angle - 1) % group.length] ?? '', slots);
  const rule = m.myths[0] ? bare(m.myths[0].rule) : '';
  const ruleTitle = rule ? [rule.includes(core) ? rule : `${core}：${rule}`] : [];
  const options = [
    ...(angle === 0 ? [topicLine] : []),
    ...(story ? [m.story.title, pick(FRAMES.titles.story)] : []),
    ...(a.count ? [pick(FRAMES.titles.list)] : []),
    ...(a.compare ? [pick(FRAMES.titles.compare)] : []),
    ...(angle === 2 ? ruleTitle : []),
    // "土豆牛肉焖饭｜土豆牛肉焖饭" says nothing twice: the point is only added when it is news.
    ...(topicLine.includes(slots.name) ? [] : [`${topicLine}｜${slots.name}`, `${core}：${slots.name}`]),
    ...(angle === 1 ? ruleTitle : []),
    topicLine,
  ];
  // About a subject the knowledge does not cover, only the creator's own words are safe to repeat.
  const anchor = m.known ? core : topicLine;
  return options.filter((t) => fits(t) && t.includes(anchor));
}

/** Variant 1 keeps the topic as its title; the others say what they are about. */
export function titleFor(ctx: ComposeContext): string {
  const options = titleOptions(
    ctx.analysis,
    ctx.m,
    ctx.topicLine,
    ctx.variant % 3,
    ctx.plan.templateId === 'juqing',
  );
  return options[0] ?? ctx.topicLine;
}

/** Big words on the cover: the variant's title when it is short, else its first clause. */
export function coverFor(ctx: ComposeContext, title: string): string {
  const { analysis: a } = ctx;
  const options = [title, firstClause(title, 12), a.count ? `${a.core}${a.count.raw}` : titleCore(a)];
  return options.find((o) => spokenLength(o) >= 2 && [...o].length <= 14) ?? clipText(titleCore(a), 14);
}

/** Topic tags: the subject in the creator's words, the subtopic and the field; never the template. */
export function tagsFor(ctx: ComposeContext): string[] {
  const niche = ctx.analysis.niche;
  const tags = [
    titleCore(ctx.analysis),
    ctx.m.name,
    niche?.label ?? '',
    ...(niche?.tags.slice(ctx.variant, ctx.variant + 2) ?? []),
  ];
  return [...new Set(tags.map((t) => clipText(t, 20)).filter((t) => t.length >= 2))].slice(0, 6);
}
