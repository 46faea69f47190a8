import type { Niche } from './knowledge-schema.ts';
import type { Knowledge, KnownSubtopic } from './load-knowledge.ts';

export interface SubtopicMatch {
  subtopic: KnownSubtopic;
  score: number;
  /** The match words found in the text, longest first. */
  words: string[];
}

/** Below this a subtopic only shares a generic word with the text: not enough to write from it. */
export const MIN_MATCH_SCORE = 2.8;

/**
 * The words of `words` found in `text`, without the ones inside a longer found word ("离职" in
 * "离职证明"), so that one phrase is not counted twice.
 */
export function foundWords(text: string, words: readonly string[]): string[] {
  const haystack = text.toLowerCase();
  const found = [...new Set(words.filter((w) => haystack.includes(w.toLowerCase())))].sort(
    (a, b) => b.length - a.length,
  );
  return found.filter((w, i) => !found.slice(0, i).some((longer) => longer.includes(w)));
}

/** Longer words say more: "电饭煲焖饭" is stronger evidence than "米饭". */
const weigh = (words: string[]) => words.reduce((sum, w) => sum + w.length ** 1.5, 0);

/** Subtopics that `text` is about, best first; a field named by `hintNiche` wins ties. */
export function rankSubtopics(text: string, k: Knowledge, hintNiche?: string): SubtopicMatch[] {
  const out: SubtopicMatch[] = [];
  for (const subtopic of k.subtopics) {
    const words = foundWords(text, subtopic.match);
    if (words.length === 0) continue;
    const bonus = subtopic.niche === hintNiche ? 0.5 : 0;
    out.push({ subtopic, score: weigh(words) + bonus, words });
  }
  return out.sort((a, b) => b.score - a.score || a.subtopic.key.localeCompare(b.subtopic.key));
}

/** The field whose keywords cover most of `text`, or undefined when none appears. */
export function detectNiche(text: string, k: Knowledge): Niche | undefined {
  let best: Niche | undefined;
  let bestScore = 0;
  for (const niche of k.niches) {
    const score = weigh(foundWords(text, [niche.label, ...niche.match]));
    if (score > bestScore) {
      best = niche;
      bestScore = score;
    }
  }
  return best;
}
