import type { PersonaAnalyzeInput, PersonaDraft, ScriptDraft, Suggestion } from '@app/contract/generation';
import { NUMERAL, parseNumeral } from '../../src/generation/analysis/chinese-numbers.ts';
import { sentencesOf } from '../../src/generation/analysis/spoken.ts';
import type { TopicAnalysis } from '../../src/generation/analysis/topic-analysis.ts';
import { FIRST_PERSON_CREDENTIAL } from '../../src/generation/knowledge/lint-knowledge.ts';
import type { Knowledge } from '../../src/generation/knowledge/load-knowledge.ts';
import {
  type CheckRequest,
  checkScript,
  countedItems,
  MAX_VARIANT_SIMILARITY,
  type SubjectLexicon,
  similarity,
  unrelatedSubjects,
} from '../../src/generation/quality/script-checks.ts';

/** One request of the public set, with what a person expects of it written down by hand. */
export interface EvalRequest {
  id: string;
  topic: string;
  templateId: 'koubo' | 'juqing' | 'daihuo' | 'kepu' | 'vlog' | 'tandian';
  twist: 'none' | 'light' | 'strong';
  durationSec: number;
  platform: 'douyin' | 'kuaishou' | 'xiaohongshu' | 'shipinhao';
  variants: number;
  persona?: string;
  extra?: string;
  expect: {
    /** The topic's own words: the title or the hook carries at least one. */
    core: string[];
    /** The list the topic promises, counted by hand. */
    count?: { n: number; unit: string; weekdays?: boolean };
    /** Numbers with units the creator gave. */
    facts?: string[];
  };
}

export interface EvalPersona {
  id: string;
  input: PersonaAnalyzeInput;
  /** What the creator said that the persona must keep word for word. */
  facts: string[];
  /** Words that would contradict the account (an account called 深夜食堂 is not about 清晨). */
  forbid?: string[];
}

export type CheckName = 'fidelity' | 'promise' | 'smell' | 'variety' | 'persona' | 'shootable' | 'suggest';
export type Notes = Partial<Record<CheckName, string[]>>;

const add = (notes: Notes, check: CheckName, note: string) => {
  notes[check] = [...(notes[check] ?? []), note];
};

const lines = (d: ScriptDraft) => d.scenes.map((s) => s.line);

/** A fact as written or with its number in the other script ("十元" / "10元"). */
function mentions(text: string, fact: string): boolean {
  if (text.includes(fact)) return true;
  const m = new RegExp(`^(${NUMERAL})(.*)$`).exec(fact);
  if (!m?.[1]) return false;
  const value = parseNumeral(m[1]);
  const unit = m[2] ?? '';
  for (const found of text.matchAll(new RegExp(`(${NUMERAL})${unit}`, 'g'))) {
    if (parseNumeral(found[1] ?? '') === value) return true;
  }
  return false;
}

/** About the topic: carries the topic's words, talks about its subject, brings in no other subject. */
export function checkFidelity(
  d: ScriptDraft,
  req: EvalRequest,
  analysis: TopicAnalysis,
  lexicon: SubjectLexicon,
  context: string,
  notes: Notes,
) {
  if (!req.expect.core.some((w) => d.title.includes(w) || d.hook.includes(w))) {
    add(
      notes,
      'fidelity',
      `标题和开场都没有选题的关键词（${req.expect.core.join('/')}）：${d.title}｜${d.hook}`,
    );
  }
  const sub = analysis.subtopic;
  // The subject's own words: the topic's, and those its subtopic lists (its vocabulary, objects,
  // places, and the names of its points, products and shops: a line that names one of them is
  // about this subject).
  const vocabulary = [
    ...req.expect.core,
    ...analysis.matched,
    analysis.core,
    ...(sub
      ? [
          sub.subject,
          sub.name,
          ...sub.match,
          ...sub.terms,
          ...sub.props,
          ...sub.scenes,
          ...sub.points.map((p) => p.name),
          ...sub.products.map((p) => p.name),
          ...sub.places.map((p) => p.name),
        ]
      : []),
  ].filter((w) => w.length >= 1);
  const about = lines(d).filter((l) => vocabulary.some((w) => l.toLowerCase().includes(w.toLowerCase())));
  const share = about.length / Math.max(1, d.scenes.length);
  if (share < 0.6) {
    add(notes, 'fidelity', `只有 ${Math.round(share * 100)}% 的台词在讲选题本身（要求 ≥60%）`);
  }
  const req2: CheckRequest = { analysis, durationSec: req.durationSec, context };
  const unrelated = unrelatedSubjects(d, req2, lexicon);
  if (unrelated.length > 0) add(notes, 'fidelity', `出现无关主题：${unrelated.join('、')}`);
  const text = [d.title, d.hook, d.coverText, ...lines(d)].join('\n');
  for (const fact of req.expect.facts ?? []) {
    if (!mentions(text, fact)) add(notes, 'fidelity', `没有保留用户给的「${fact}」`);
  }
}

/** The list the topic promised, exactly, each item different; no video length it does not keep. */
export function checkPromise(d: ScriptDraft, req: EvalRequest, notes: Notes) {
  const count = req.expect.count;
  if (count) {
    const items = countedItems(lines(d), count.unit, !!count.weekdays);
    const numbers = [...items.keys()].sort((a, b) => a - b);
    const exact = numbers.length === count.n && numbers.every((n, i) => n === i + 1);
    if (!exact) add(notes, 'promise', `承诺 ${count.n} ${count.unit}，实际列出 ${numbers.join('、') || '0'}`);
    const heads = [...items.values()].map((t) => t.slice(0, 10));
    if (new Set(heads).size !== heads.length) add(notes, 'promise', '列出的几条有重复');
  }
  const claim = /(一|两|二|三|五|十|半|\d+)(分钟|秒)(看懂|看完|讲明白|讲清楚|讲透|说清|带你|了解|读懂|搞懂)/;
  for (const text of [d.title, d.hook, ...lines(d)]) {
    const m = claim.exec(text);
    if (!m) continue;
    const n = m[1] === '半' ? 0.5 : m[1] === '两' ? 2 : parseNumeral(m[1] ?? '');
    const sec = m[2] === '分钟' ? n * 60 : n;
    if (req.durationSec > sec * 1.1) add(notes, 'promise', `「${m[0]}」和时长 ${req.durationSec} 秒不符`);
  }
}

/** Checks shared with the quality gate, sorted under the eval's headings. */
export function checkGate(d: ScriptDraft, request: CheckRequest, lexicon: SubjectLexicon, notes: Notes) {
  for (const f of checkScript(d, request, lexicon)) {
    const check: CheckName =
      f.code === 'placeholder' || f.code === 'repeated'
        ? 'smell'
        : f.code === 'pace' || f.code === 'total_time'
          ? 'shootable'
          : f.code === 'off_topic'
            ? 'fidelity'
            : 'promise';
    add(notes, check, f.message);
  }
}

const CTA_BUY = /链接|小黄车|购物车|下单|店铺|橱窗|直接拍|自取/;
// A price said as a price: "价格是…", "…元", "三十块左右" (not "一块白板").
const PRICE = /价格|多少钱|\d+元|[零一二三四五六七八九十百千两几]+(元|块钱|块左右|块出头)|九块九/;
const CLAIM = /其实|真相|答案|结论|事实|关键是|应该|不是.*而是|记住/;
const EXPLAIN = /因为|原因|所以|道理|原理|之所以|是因为/;
const EXAMPLE = /举个例子|比如|例如|具体一点|说个真事|拿.{1,8}来说|像这样/;

/** What makes a script shootable beyond pace: the parts its template needs, and twists that land. */
export function checkStructure(
  d: ScriptDraft,
  req: EvalRequest,
  product: { name: string; price: string } | undefined,
  notes: Notes,
) {
  const all = lines(d);
  const text = all.join('\n');
  if (req.templateId === 'daihuo') {
    const at = all.findIndex(
      (l) => (product ? l.includes(product.name) : false) || req.expect.core.some((w) => l.includes(w)),
    );
    if (at < 0) add(notes, 'shootable', '带货脚本没有说出卖的是什么');
    const priceAt = all.findIndex((l, i) => i > at && (product ? l.includes(product.price) : PRICE.test(l)));
    const points = all.slice(at, priceAt < 0 ? undefined : priceAt).flatMap(sentencesOf);
    // The product's line and its selling points: two at least, one in a video under half a minute.
    const wanted = req.durationSec >= 30 ? 3 : 2;
    if (points.length < wanted)
      add(notes, 'shootable', `带货脚本的卖点不够（产品和价格之间只有 ${points.length} 句）`);
    if (priceAt < 0) add(notes, 'shootable', '带货脚本没有说价格');
    if (!CTA_BUY.test(all[all.length - 1] ?? '')) add(notes, 'shootable', '带货脚本结尾没有购买引导');
  }
  if (req.templateId === 'kepu') {
    const claim = text.search(CLAIM);
    const explain = claim < 0 ? -1 : text.slice(claim).search(EXPLAIN);
    const example = explain < 0 ? -1 : text.slice(claim + explain).search(EXAMPLE);
    if (claim < 0) add(notes, 'shootable', '科普脚本没有明确的结论');
    else if (explain < 0) add(notes, 'shootable', '科普脚本的结论后面没有解释原因');
    else if (req.durationSec >= 30 && example < 0) add(notes, 'shootable', '科普脚本的解释后面没有举例');
  }
  if (req.twist !== 'none') {
    const parts = [...(d.twist ?? '').matchAll(/第(\d+)秒[^：]*：[^；]*?回扣第(\d+)秒埋下的「([^」]+)」/g)];
    const wanted = req.twist === 'strong' ? 2 : 1;
    if (parts.length !== wanted)
      add(notes, 'shootable', `反转说明里应有 ${wanted} 次反转，写的是：${d.twist}`);
    let t = 0;
    const starts = d.scenes.map((s) => {
      const at = t;
      t += s.durationSec;
      return at;
    });
    const sceneAt = (sec: number) => d.scenes[starts.indexOf(sec)];
    for (const [, payoff, plant, element] of parts) {
      const p = Number(plant);
      const r = Number(payoff);
      if (!(p < r)) add(notes, 'shootable', `伏笔（第${p}秒）不在反转（第${r}秒）之前`);
      if (!sceneAt(p)?.line.includes(element ?? '') && !sceneAt(p)?.visual.includes(element ?? ''))
        add(notes, 'shootable', `第${p}秒的镜头没有埋下「${element}」`);
      if (!sceneAt(r)?.line.includes(element ?? ''))
        add(notes, 'shootable', `第${r}秒的反转没有回扣「${element}」`);
    }
  }
}

// "举个例子：", "还有一点：": a lead-in before a colon at the start of a sentence.
const LEAD_IN = /^([^：:，,。！？「」]{2,8})[：:]/;

/**
 * The same lead-in twice in one script ("先看最直观的：" … "先看最直观的：") reads as a template.
 * Stories are left out: there a lead-in is a character's name before a line of dialogue.
 */
export function checkLeadIns(d: ScriptDraft, req: EvalRequest, notes: Notes) {
  if (req.templateId === 'juqing') return;
  const seen = new Set<string>();
  for (const sentence of lines(d).flatMap(sentencesOf)) {
    const leadIn = LEAD_IN.exec(sentence)?.[1];
    if (!leadIn) continue;
    if (seen.has(leadIn)) add(notes, 'smell', `同一个开头用了两次：「${leadIn}：」`);
    seen.add(leadIn);
  }
}

/** Versions of one request: different titles, hooks and twists, and little shared wording. */
export function checkVariety(variants: ScriptDraft[], notes: Notes) {
  for (let i = 0; i < variants.length; i++) {
    for (let j = i + 1; j < variants.length; j++) {
      const a = variants[i] as ScriptDraft;
      const b = variants[j] as ScriptDraft;
      const sim = similarity(a, b);
      if (sim > MAX_VARIANT_SIMILARITY)
        add(notes, 'variety', `版本${i + 1}和版本${j + 1}重合 ${Math.round(sim * 100)}%`);
      if (a.title === b.title) add(notes, 'variety', `版本${i + 1}和版本${j + 1}标题相同`);
      if (a.hook === b.hook) add(notes, 'variety', `版本${i + 1}和版本${j + 1}开头相同`);
      if (a.twist && a.twist === b.twist) add(notes, 'variety', `版本${i + 1}和版本${j + 1}反转相同`);
    }
  }
}

const YEARS = new RegExp(`(${NUMERAL})年`, 'g');

/** A script for a persona never claims years of experience the persona does not have. */
export function checkScriptPersona(d: ScriptDraft, persona: PersonaDraft | undefined, notes: Notes) {
  const text = lines(d).join('\n');
  const claim = FIRST_PERSON_CREDENTIAL.exec(text)?.[0];
  if (!claim) return;
  const own = persona ? [persona.positioning, persona.name].join('') : '';
  const claimed = [...claim.matchAll(YEARS)].map((m) => parseNumeral(m[1] ?? ''));
  const real = [...own.matchAll(YEARS)].map((m) => parseNumeral(m[1] ?? ''));
  if (!claimed.every((n) => real.includes(n))) add(notes, 'persona', `脚本替创作者编了资历：${claim}`);
}

export const personaText = (p: PersonaDraft) =>
  [
    p.name,
    p.positioning,
    p.audience,
    p.tone,
    p.monetization,
    ...p.tags,
    ...p.pillars,
    ...p.titleFormulas,
  ].join('\n');

const UNITS = ['年', '岁', '万', '座', '亩', '只猫', '个孩子', '分(?!钟)'];

/** A persona keeps what the creator said, contradicts none of it, and is specific to their field. */
export function checkPersona(
  p: PersonaDraft,
  case_: EvalPersona,
  k: Knowledge,
  niche: string | undefined,
  notes: Notes,
) {
  const text = personaText(p);
  for (const fact of case_.facts)
    if (!text.includes(fact)) add(notes, 'persona', `人设丢了用户给的「${fact}」`);
  for (const word of case_.forbid ?? []) {
    if ([...p.pillars, ...p.titleFormulas, p.positioning].some((t) => t.includes(word)))
      add(notes, 'persona', `人设和账号矛盾：出现了「${word}」`);
  }
  const source = [
    case_.input.accountName,
    case_.input.bio ?? '',
    case_.input.goal,
    ...case_.input.recentTitles,
  ].join('\n');
  // What the persona says about the creator (not about the audience or example titles).
  const aboutCreator = [p.name, p.positioning, p.tone, ...p.tags].join('\n');
  for (const unit of UNITS) {
    const given = [...source.matchAll(new RegExp(`(${NUMERAL})${unit}`, 'g'))].map((m) =>
      parseNumeral(m[1] ?? ''),
    );
    for (const m of aboutCreator.matchAll(new RegExp(`(${NUMERAL})${unit}`, 'g'))) {
      const n = parseNumeral(m[1] ?? '');
      if (!given.includes(n)) add(notes, 'persona', `人设里的「${m[0]}」和用户给的资料矛盾`);
    }
  }
  const vocabulary = [
    ...k.subtopics.filter((s) => s.niche === niche).flatMap((s) => [...s.match, ...s.terms, s.subject]),
    ...(niche ? [k.niche(niche)?.label ?? ''] : []),
  ].filter((w) => w.length >= 2);
  const own = (t: string) => vocabulary.some((w) => t.includes(w)) || sharesPiece(t, source);
  for (const pillar of p.pillars)
    if (!own(pillar)) add(notes, 'persona', `内容支柱和账号领域无关：${pillar}`);
  const specific = p.titleFormulas.filter(own).length;
  if (specific < Math.ceil(p.titleFormulas.length / 2))
    add(notes, 'persona', '标题公式大多和账号领域、近期标题无关');
}

/** Shares a two-character piece of Han text with `source` (a word of the bio or a recent title). */
function sharesPiece(text: string, source: string): boolean {
  for (let i = 0; i + 1 < text.length; i++) {
    const piece = text.slice(i, i + 2);
    if (
      /^\p{Script=Han}{2}$/u.test(piece) &&
      !/[的了是在我你他们和与这那一不也]/.test(piece) &&
      source.includes(piece)
    )
      return true;
  }
  return false;
}

const TEMPLATE_NAMES = ['口播', '剧情', '带货', '种草', '知识科普', 'Vlog', '探店'];
const PLATFORM_NAMES = ['抖音', '快手', '小红书', '视频号'];
// A change of the whole video's length; a scene's own seconds may change.
const TARGET_LENGTH = new RegExp(
  `(总时长|整条视频|整条|全片|视频)[^，。]{0,6}(控制在|压缩到|缩短到|剪到|不超过|改成|改到)(${NUMERAL})(秒|分钟)`,
);

/** Improvement ideas never argue with what the creator chose: length, template, platform. */
export function checkSuggestions(
  improve: Suggestion[],
  titles: Suggestion[],
  req: EvalRequest,
  chosen: { template: string; platform: string },
  notes: Notes,
) {
  for (const s of improve) {
    const text = `${s.text}${s.reason}`;
    const m = TARGET_LENGTH.exec(text);
    if (m) {
      const n = parseNumeral(m[3] ?? '');
      const sec = m[4] === '分钟' ? n * 60 : n;
      if (sec !== req.durationSec)
        add(notes, 'suggest', `优化建议要求改时长（${m[0]}），但创作者选的是 ${req.durationSec} 秒`);
    }
    for (const name of TEMPLATE_NAMES) {
      if (!chosen.template.includes(name) && new RegExp(`(改成|换成|改用|换用)${name}`).test(text))
        add(notes, 'suggest', `优化建议要换模板：${s.text}`);
    }
    for (const name of PLATFORM_NAMES) {
      if (name !== chosen.platform && text.includes(name))
        add(notes, 'suggest', `优化建议提到了别的平台：${s.text}`);
    }
  }
  for (const t of titles) {
    if (!req.expect.core.some((w) => t.text.includes(w))) add(notes, 'suggest', `标题建议离题：${t.text}`);
  }
}
