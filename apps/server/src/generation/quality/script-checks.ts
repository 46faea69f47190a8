import type { QualityFinding, ScriptDraft } from '@app/contract/generation';
import { chineseNumber, NUMERAL, parseNumeral } from '../analysis/chinese-numbers.ts';
import { MAX_RATE, MIN_RATE, sentencesOf, spokenLength } from '../analysis/spoken.ts';
import { parseLengthClaim, type TopicAnalysis } from '../analysis/topic-analysis.ts';
import type { Knowledge } from '../knowledge/load-knowledge.ts';

/** What a script was asked for, as the checks need it. */
export interface CheckRequest {
  analysis: TopicAnalysis;
  durationSec: number;
  /** Persona and extra notes: subjects named there may appear in the script. */
  context?: string;
}

/** Text a viewer must never see: unfilled slots, editor's notes, instructions to improvise. */
const PLACEHOLDER = /【[^】]*】|\{[^}]*\}|XX|ＸＸ|某某|此处|（自由发挥|待补充|TODO/;
const MAX_FINDINGS_PER_CHECK = 3;

const linesOf = (d: ScriptDraft) => d.scenes.map((s) => s.line);
const viewerText = (d: ScriptDraft) => [d.title, d.hook, d.coverText, d.cta, ...linesOf(d)];

function placeholders(d: ScriptDraft): QualityFinding[] {
  const texts = [...viewerText(d), ...d.scenes.map((s) => s.visual), d.twist ?? ''];
  const hit = texts.map((t) => PLACEHOLDER.exec(t)?.[0]).find(Boolean);
  return hit ? [{ code: 'placeholder', message: `有没填好的占位内容「${hit}」，请改成能直接念的话` }] : [];
}

/** The items a script counts out: 第一件… or 周一…, with what each item says. */
export function countedItems(lines: string[], unit: string, weekdays: boolean): Map<number, string> {
  const items = new Map<number, string>();
  // A weekday counts as an item where a sentence starts with it ("周一，…"), not where a line mentions it.
  const marker = weekdays
    ? /(?<=^|[。！？!?\n：:])周([一二三四五六日天])(?=[，,：:是])/g
    : new RegExp(`第(${NUMERAL})${unit}`, 'g');
  const text = lines.join('\n');
  for (const m of text.matchAll(marker)) {
    const n = weekdays
      ? '一二三四五六日'.indexOf(m[1] === '天' ? '日' : (m[1] ?? '')) + 1
      : parseNumeral(m[1] ?? '');
    if (!(n >= 1) || items.has(n)) continue;
    const rest = text.slice((m.index ?? 0) + m[0].length).replace(/^[，,：:、\s]+/, '');
    items.set(n, rest.split(/[。！？!?]/)[0] ?? '');
  }
  return items;
}

function promise(d: ScriptDraft, req: CheckRequest): QualityFinding[] {
  const count = req.analysis.count;
  if (!count) return [];
  const items = countedItems(linesOf(d), count.ordinalUnit, !!count.weekdays);
  const numbers = [...items.keys()].sort((a, b) => a - b);
  const exact = numbers.length === count.n && numbers.every((n, i) => n === i + 1);
  const texts = [...items.values()].map((t) => t.slice(0, 12));
  const distinct = new Set(texts).size === texts.length;
  if (exact && distinct) return [];
  const said = numbers.length === 0 ? '没有按顺序列出来' : `列出了 ${numbers.length} ${count.ordinalUnit}`;
  return [
    {
      code: 'promise',
      message: exact
        ? `选题承诺了「${count.raw}」，但有几${count.ordinalUnit}说的是同一回事，请换成不同的内容`
        : `选题承诺了「${count.raw}」，要正好列出 ${count.n} ${count.ordinalUnit}（第一${count.ordinalUnit}到第${chineseNumber(count.n)}${count.ordinalUnit}），脚本里${said}`,
    },
  ];
}

function lengthClaim(d: ScriptDraft, req: CheckRequest): QualityFinding[] {
  for (const text of [d.title, d.hook, d.coverText, ...linesOf(d)]) {
    const claim = parseLengthClaim(text);
    if (claim && req.durationSec > claim.sec * 1.1) {
      return [
        {
          code: 'length_claim',
          message: `「${claim.raw}」和视频时长 ${req.durationSec} 秒对不上，请改成实际时长或不提时长`,
        },
      ];
    }
  }
  return [];
}

/** Every subject the knowledge names, with the subtopics it belongs to. */
export interface SubjectLexicon {
  words: string[];
}

export function buildLexicon(k: Knowledge): SubjectLexicon {
  return { words: [...new Set(k.subtopics.flatMap((s) => s.match))].sort((a, b) => b.length - a.length) };
}

/** Subjects of other subtopics the script talks about, which the topic, persona and notes never named. */
export function unrelatedSubjects(d: ScriptDraft, req: CheckRequest, lexicon: SubjectLexicon): string[] {
  const sub = req.analysis.subtopic;
  const allowed = [...(sub ? [...sub.match, ...sub.terms] : []), ...req.analysis.matched].sort(
    (a, b) => b.length - a.length,
  );
  const context = `${req.analysis.topic} ${req.context ?? ''}`.toLowerCase();
  let text = [...viewerText(d), ...d.scenes.map((s) => s.visual)].join('\n').toLowerCase();
  for (const word of allowed) text = text.replaceAll(word.toLowerCase(), ' ');
  const found: string[] = [];
  for (const word of lexicon.words) {
    const w = word.toLowerCase();
    if (context.includes(w) || !text.includes(w)) continue;
    found.push(word);
    text = text.replaceAll(w, ' ');
  }
  return found;
}

function offTopic(d: ScriptDraft, req: CheckRequest, lexicon: SubjectLexicon): QualityFinding[] {
  const words = unrelatedSubjects(d, req, lexicon);
  if (words.length === 0) return [];
  return [
    {
      code: 'off_topic',
      message: `出现了和选题无关的内容：${words.slice(0, 5).join('、')}。请只写「${req.analysis.core}」本身`,
    },
  ];
}

function pace(d: ScriptDraft, req: CheckRequest): QualityFinding[] {
  const out: QualityFinding[] = [];
  d.scenes.forEach((s, i) => {
    const chars = spokenLength(s.line);
    const rate = chars / s.durationSec;
    if (rate > MAX_RATE) {
      out.push({
        code: 'pace',
        scene: i,
        message: `镜头${i + 1}的台词有 ${chars} 个字，${s.durationSec} 秒念不完（每秒超过 ${MAX_RATE} 个字），请删短台词或加长镜头`,
      });
    } else if (rate < MIN_RATE) {
      out.push({
        code: 'pace',
        scene: i,
        message: `镜头${i + 1}有 ${s.durationSec} 秒，台词只有 ${chars} 个字，会冷场，请补足台词或缩短镜头`,
      });
    }
  });
  const total = d.scenes.reduce((s, x) => s + x.durationSec, 0);
  if (Math.abs(total - req.durationSec) > req.durationSec * 0.1) {
    out.push({
      code: 'total_time',
      message: `分镜加起来 ${total} 秒，和要求的 ${req.durationSec} 秒相差超过一成`,
    });
  }
  return out.slice(0, MAX_FINDINGS_PER_CHECK + 1);
}

const normalized = (s: string) => s.replace(/[^\p{L}\p{N}]/gu, '');

function repeats(d: ScriptDraft, req: CheckRequest): QualityFinding[] {
  const out: QualityFinding[] = [];
  const seen = new Set<string>();
  for (const sentence of linesOf(d).flatMap(sentencesOf)) {
    const key = normalized(sentence);
    if (key.length < 8) continue;
    if (seen.has(key)) {
      out.push({ code: 'repeated', message: `这句话说了两遍：「${sentence}」` });
      break;
    }
    seen.add(key);
  }
  const topic = normalized(req.analysis.topic);
  if (topic.length >= 6) {
    const pasted = linesOf(d).filter((l) => normalized(l).includes(topic)).length;
    if (pasted > 1) {
      out.push({
        code: 'repeated',
        message: `选题原文「${req.analysis.topic}」在台词里出现了 ${pasted} 次，读起来像套模板，请换成自然的说法`,
      });
    }
  }
  return out;
}

/** Checks that need no model: what a creator would have to fix before shooting. */
export function checkScript(d: ScriptDraft, req: CheckRequest, lexicon: SubjectLexicon): QualityFinding[] {
  return [
    ...placeholders(d),
    ...promise(d, req),
    ...lengthClaim(d, req),
    ...offTopic(d, req, lexicon),
    ...pace(d, req),
    ...repeats(d, req),
  ];
}

/** Character 5-grams of what is said: the measure of how much two versions share. */
function grams(d: ScriptDraft): Set<string> {
  const text = normalized([d.title, ...linesOf(d)].join(''));
  const out = new Set<string>();
  for (let i = 0; i + 5 <= text.length; i++) out.add(text.slice(i, i + 5));
  return out;
}

export function similarity(a: ScriptDraft, b: ScriptDraft): number {
  const x = grams(a);
  const y = grams(b);
  let shared = 0;
  for (const g of x) if (y.has(g)) shared++;
  const union = x.size + y.size - shared;
  return union === 0 ? 0 : shared / union;
}

/** Versions of one request that say the same things are not versions. */
export const MAX_VARIANT_SIMILARITY = 0.25;

export function checkVariantOverlap(d: ScriptDraft, others: ScriptDraft[]): QualityFinding[] {
  const out: QualityFinding[] = [];
  for (const other of others) {
    const sim = similarity(d, other);
    if (sim > MAX_VARIANT_SIMILARITY) {
      out.push({
        code: 'variant_overlap',
        message: `和另一个版本的内容重合了 ${Math.round(sim * 100)}%，请换一个切入角度和不同的例子`,
      });
    } else if (d.title === other.title || d.hook === other.hook) {
      out.push({ code: 'variant_overlap', message: '和另一个版本用了同样的标题或开头，请换一个' });
    }
    if (out.length > 0) break;
  }
  return out;
}
