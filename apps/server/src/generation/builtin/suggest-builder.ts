import type { Suggestion } from '@app/contract/generation';
import type { SuggestTask } from '../generation-provider.ts';
import { fill, type Slots } from './fill.ts';
import { improveNotes } from './improve-notes.ts';
import { detectNiche, profileFor } from './niche.ts';
import suggest from './phrases/suggest.json' with { type: 'json' };
import type { Rng } from './random.ts';
import { byRelevance, overlap, topicForms } from './script-context.ts';
import { COMMON } from './script-phrases.ts';

interface Pattern {
  text: string;
  reason: string;
}

/** Slots for suggestion patterns: the persona's field, and the topic if there is one. */
export function suggestSlots(task: SuggestTask, rng: Rng): Slots {
  const persona = task.persona;
  const scriptText = task.script ? [task.script.title, ...task.script.tags].join(' ') : '';
  const text = [task.topic, persona?.tags.join(' '), persona?.positioning, scriptText].join(' ');
  // Titles and hooks are about the topic, so its field wins; topic ideas start from the persona.
  const fromTopic = task.kind === 'topics' ? null : detectNiche(`${task.topic ?? ''} ${scriptText}`);
  const profile = fromTopic ?? profileFor(text, persona?.tags[0]);
  const niche = (fromTopic ? fromTopic.label : persona?.tags[0]) ?? profile.label;
  const topic = task.topic?.trim() || task.script?.tags[0] || rng.pick(profile.items);
  const near = <T>(items: T[], text: (t: T) => string) =>
    byRelevance(items, topic, rng, text)[0] ?? rng.pick(items);
  return {
    ...topicForms(topic),
    niche,
    role: rng.pick(profile.roles),
    audience: near(profile.audiences, (a) => a),
    pain: near(profile.pains, (p) => p),
    item: near(profile.items, (i) => i),
    scene: rng.pick(profile.scenes),
    rival: rng.pick(profile.cast),
    myth: near(profile.myths, (m) => m.myth + m.truth).myth,
    outcome: near(profile.outcomes, (o) => o),
    product: rng.pick(profile.products),
    hot: rng.pick(profile.hots),
    tagExample: rng.pick(profile.tags),
    num: rng.pick(COMMON.nums),
    years: rng.pick(COMMON.years),
  };
}

function bankFor(task: SuggestTask): Pattern[][] {
  if (task.kind === 'topics')
    return task.topic?.trim() ? [suggest.topicsWithHot, suggest.topics] : [suggest.topics];
  if (task.kind === 'titles') return [suggest.titles];
  return [suggest.hooks];
}

/** Topics, titles or hooks: patterns in a shuffled order, refilled with new picks if more are asked for. */
export function buildSuggestions(task: SuggestTask, count: number, rng: Rng): Suggestion[] {
  if (task.kind === 'improve') {
    if (!task.script) throw new Error('优化建议需要提供一个脚本');
    return improveNotes(task.script, task.platform, count, suggestSlots(task, rng), rng);
  }
  const out: Suggestion[] = [];
  const seen = new Set<string>();
  const topic = task.topic?.trim() ?? '';
  for (let round = 0; round < 4 && out.length < count; round++) {
    const slots = suggestSlots(task, rng);
    // A title about 年终述职 built on an unrelated pain or myth reads as nonsense: leave those out.
    const offTopic = (['pain', 'myth'] as const).filter(
      (k) => task.kind !== 'topics' && topic && overlap(String(slots[k]), topic) === 0,
    );
    // Topic-anchored ideas come first; the persona's own ideas fill the rest.
    for (const pattern of bankFor(task).flatMap((bank) => rng.shuffle(bank))) {
      if (out.length >= count) break;
      if (offTopic.some((k) => pattern.text.includes(`{${k}}`))) continue;
      const text = fill(pattern.text, slots);
      if (!text || seen.has(text)) continue;
      seen.add(text);
      out.push({ text, reason: fill(pattern.reason, slots) ?? pattern.reason });
    }
  }
  return out;
}
