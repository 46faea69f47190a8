/**
 * Checks the knowledge files and shows which subtopic each shipped hot topic is written from.
 *
 *   npx tsx apps/server/src/generation/knowledge/check-knowledge.ts [category…]
 *
 * With categories (meishi, zhichang, …) only their hot topics are listed. Exits 1 on any problem.
 */
import { loadSeedTopics } from '../../modules/topic/topic-seed.ts';
import { lintKnowledge } from './lint-knowledge.ts';
import type { KnowledgeFileError } from './load-knowledge.ts';
import { readKnowledge } from './load-knowledge.ts';
import { MIN_MATCH_SCORE, rankSubtopics } from './match-subtopic.ts';

const errors: KnowledgeFileError[] = [];
const k = readKnowledge(undefined, (e) => errors.push(e));
for (const e of errors) console.log(`✗ ${e.message}\n`);
const problems = lintKnowledge(k);
for (const p of problems) console.log(`✗ ${p.where}：${p.message}`);

const categories = process.argv.slice(2);
const topics = loadSeedTopics().filter((t) => categories.length === 0 || categories.includes(t.category));
let unmapped = 0;
for (const topic of topics) {
  const [best, second] = rankSubtopics(topic.title, k);
  const ok = best && best.score >= MIN_MATCH_SCORE;
  if (!ok) unmapped++;
  const tie = ok && second && second.score >= best.score - 0.5 ? `  ⚠ 接近：${second.subtopic.key}` : '';
  console.log(
    `${ok ? '✓' : '✗'} [${topic.category}] ${topic.title} → ${ok ? `${best.subtopic.key}（${best.words.join('、')}）` : '没有对应的子话题'}${tie}`,
  );
}
console.log(
  `\n${k.subtopics.length} 个子话题，${k.niches.length} 个领域；文件错误 ${errors.length}，内容问题 ${problems.length}；热点 ${topics.length} 条，未覆盖 ${unmapped} 条`,
);
if (errors.length > 0 || problems.length > 0) process.exitCode = 1;
