import type { PersonaDraft, Suggestion } from '@app/contract/generation';
import { analyzeScriptTopic } from '../analysis/analyze-script-topic.ts';
import type { TopicAnalysis } from '../analysis/topic-analysis.ts';
import type { SuggestTask } from '../generation-provider.ts';
import type { Knowledge, KnownSubtopic } from '../knowledge/load-knowledge.ts';
import { foundWords } from '../knowledge/match-subtopic.ts';
import { type ComposeContext, FRAMES, fillFrame } from './compose/compose-context.ts';
import { materialFor } from './compose/material.ts';
import { titleCore, titleOptions, truthfulTopic } from './compose/titles.ts';
import { improveNotes } from './improve-notes.ts';
import type { Rng } from './random.ts';
import frames from './suggest-frames.json' with { type: 'json' };

const fits = (text: string, max = 30) => [...text].length <= max;

/** Suggestions in a fresh order each time (asking again is how a creator says "others"), without repeats. */
function pickDistinct(candidates: Suggestion[], count: number, rng: Rng, keepFirst = 0): Suggestion[] {
  const head = candidates.slice(0, keepFirst);
  const tail = rng.shuffle(candidates.slice(keepFirst));
  const seen = new Set<string>();
  return [...head, ...tail].filter((s) => !seen.has(s.text) && seen.add(s.text)).slice(0, count);
}

/** Subtopics a persona already covers: their pillars, or their words in its tags and positioning. */
function personaSubtopics(persona: PersonaDraft, k: Knowledge): KnownSubtopic[] {
  const text = [persona.name, persona.positioning, ...persona.tags, ...persona.pillars].join('\n');
  return k.subtopics.filter(
    (s) => persona.pillars.includes(s.pillar) || foundWords(text, s.match).length > 0,
  );
}

function topicIdeas(task: SuggestTask, k: Knowledge, rng: Rng): Suggestion[] {
  const topic = task.topic?.trim();
  const persona = task.persona;
  const out: Suggestion[] = [];
  if (topic) {
    const analysis = analyzeScriptTopic({ topic, ...(persona ? { persona } : {}) });
    // A topic nothing covers still gets ideas about itself, never about something else.
    const ideas = analysis.subtopic?.ideas ?? materialFor(analysis, 0).ideas;
    const siblings = analysis.subtopic
      ? k.subtopics.filter(
          (s) =>
            s.niche === analysis.subtopic?.niche &&
            s !== analysis.subtopic &&
            s.terms.some((t) => topic.includes(t)),
        )
      : [];
    for (const [i, idea] of [...ideas, ...siblings.flatMap((s) => s.ideas)].entries()) {
      out.push({ text: idea, reason: fillFrame(frames.topicReasons.sameSubject[i % 3] ?? '', { topic }) });
    }
  }
  if (persona) {
    for (const s of personaSubtopics(persona, k)) {
      for (const [i, idea] of s.ideas.entries()) {
        const reason = fillFrame(frames.topicReasons.pillar[i % 3] ?? '', {
          pillar: s.pillar,
          audience: s.audience,
        });
        out.push({ text: idea, reason });
      }
    }
    if (out.length === 0) {
      const subject = persona.tags[0] ?? persona.name;
      for (const idea of materialFor(analyzeScriptTopic({ topic: subject }), 0).ideas) {
        out.push({ text: idea, reason: fillFrame(frames.topicReasons.pillar[2] ?? '', {}) });
      }
    }
  }
  // Ideas about the topic first; the persona's own fill the rest.
  return pickDistinct(out, task.count, rng, topic ? Math.min(task.count, 2) : 0);
}

function titleIdeas(analysis: TopicAnalysis): Suggestion[] {
  const r = frames.titleReasons;
  const topicLine = truthfulTopic(analysis, 60);
  const core = titleCore(analysis);
  const out: Suggestion[] = [{ text: topicLine, reason: r.topic }];
  for (let v = 0; v < 3; v++) {
    const m = materialFor(analysis, v);
    for (const text of titleOptions(analysis, m, topicLine, v, false)) {
      const reason =
        analysis.count && text.includes(analysis.count.raw)
          ? r.count
          : text.includes('｜')
            ? r.point
            : r.frame;
      out.push({ text, reason });
    }
    const myth = m.myths[0];
    if (myth?.question.includes(core) && fits(myth.question))
      out.push({ text: myth.question, reason: r.question });
    out.push({ text: titleOptions(analysis, m, topicLine, v, true)[0] ?? topicLine, reason: r.story });
  }
  return out;
}

function hookIdeas(analysis: TopicAnalysis, rng: Rng): Suggestion[] {
  const r = frames.hookReasons;
  const out: Suggestion[] = [];
  const topicLine = truthfulTopic(analysis, 60);
  for (let v = 0; v < 3; v++) {
    const m = materialFor(analysis, v);
    const ctx = { variant: v } as Pick<ComposeContext, 'variant'>;
    const promise = analysis.count ? FRAMES.hook.count : FRAMES.hook.plain;
    out.push(
      ...(m.pains[0] ? [{ text: m.pains[0], reason: r.pain }] : []),
      ...(m.myths[0] ? [{ text: m.myths[0].question, reason: r.question }] : []),
      { text: m.story.conflict, reason: r.story },
      {
        text: fillFrame(promise[ctx.variant % promise.length] ?? '', {
          topic: topicLine,
          unit: analysis.count?.ordinalUnit ?? '',
        }),
        reason: r.promise,
      },
    );
  }
  return rng.shuffle(out);
}

/** Topics, titles, hooks from the knowledge of the topic; improvements from the script as it is. */
export function buildSuggestions(task: SuggestTask, count: number, k: Knowledge, rng: Rng): Suggestion[] {
  if (task.kind === 'improve') {
    if (!task.script) throw new Error('优化建议需要提供一个脚本');
    const topic = task.topic?.trim() || task.script.tags[0] || task.script.title;
    return improveNotes(task.script, { ...task, count }, analyzeScriptTopic({ topic }), rng);
  }
  if (task.kind === 'topics') return topicIdeas({ ...task, count }, k, rng);
  const topic = task.topic?.trim() || task.persona?.tags[0] || '';
  const analysis = analyzeScriptTopic({ topic, ...(task.persona ? { persona: task.persona } : {}) });
  const ideas = task.kind === 'titles' ? titleIdeas(analysis) : hookIdeas(analysis, rng);
  return pickDistinct(ideas, count, rng, task.kind === 'titles' ? 1 : 0);
}
