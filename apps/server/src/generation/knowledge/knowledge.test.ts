import { describe, expect, it } from 'vitest';
import { loadSeedTopics } from '../../modules/topic/topic-seed.ts';
import { listsMyths, parseCount } from '../analysis/topic-analysis.ts';
import { lintKnowledge } from './lint-knowledge.ts';
import { readKnowledge } from './load-knowledge.ts';
import { MIN_MATCH_SCORE, rankSubtopics } from './match-subtopic.ts';

const k = readKnowledge();

describe('the knowledge the built-in engine writes from', () => {
  it('has every file valid and nothing a viewer should not read', () => {
    expect(k.niches.length).toBeGreaterThanOrEqual(16);
    expect(k.subtopics.length).toBeGreaterThanOrEqual(240);
    expect(lintKnowledge(k)).toEqual([]);
  });

  it('covers every shipped hot topic with a subtopic of its own', () => {
    const unmapped = loadSeedTopics()
      .filter((t) => (rankSubtopics(t.title, k)[0]?.score ?? 0) < MIN_MATCH_SCORE)
      .map((t) => t.title);
    expect(unmapped).toEqual([]);
  });

  it('has at least as many items as each hot topic promises (myths for 误区, points otherwise)', () => {
    const short = loadSeedTopics().flatMap((t) => {
      const sub = rankSubtopics(t.title, k)[0]?.subtopic;
      const count = parseCount(t.title);
      if (!sub || !count) return [];
      const have = listsMyths(count) ? sub.myths.length : sub.points.length;
      return have < count.n ? [`${t.title}：要 ${count.n} 条，只有 ${have} 条`] : [];
    });
    expect(short).toEqual([]);
  });
});
