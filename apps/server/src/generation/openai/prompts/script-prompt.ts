import { platformNames } from '@app/contract/generation';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { chineseNumber } from '../../analysis/chinese-numbers.ts';
import type { TopicAnalysis } from '../../analysis/topic-analysis.ts';
import type { ScriptTask } from '../../generation-provider.ts';
import { getTemplate } from '../../templates/templates.ts';
import type { TwistPlan } from '../../templates/twist-plan.ts';
import { SYSTEM_PROMPT } from './system-prompt.ts';

const PLATFORM_NOTES: Record<ScriptTask['platform'], string> = {
  douyin: '抖音：节奏快，前 3 秒决定去留，单个镜头尽量不超过 8 秒，台词短促有梗。',
  kuaishou: '快手：真实、接地气、有人情味，可以用「老铁」式的口吻，忌讳端着。',
  xiaohongshu: '小红书：真诚分享、干货密度高、方便收藏，标题和封面字要有关键词，忌硬广。',
  shipinhao: '视频号：受众年龄偏大、靠转发传播，语气稳重可信，适合引导转发给朋友。',
};

// Variants of one request start from different angles, so they differ in more than wording.
const VARIANT_ANGLES = [
  '从最直接的痛点或结论切入',
  '从一个具体人物的亲身经历或故事切入',
  '从一个反常识的观点或争议切入',
];

/** The plan as a numbered beat sheet the model can follow scene by scene. */
export function describePlan(plan: TwistPlan): string {
  const beats = plan.beats.map((b, i) => {
    const end = b.startSec + b.durationSec;
    const scenes =
      b.sceneDurations.length > 1
        ? `，拆成 ${b.sceneDurations.length} 个镜头（${b.sceneDurations.join('/')} 秒）`
        : '，1 个镜头';
    const mark = b.role === 'reversal' ? '【反转】' : b.role === 'setup' ? '【铺垫】' : '';
    return `${i + 1}. ${mark}${b.name}（第 ${b.startSec}–${end} 秒，共 ${b.durationSec} 秒${scenes}）：${b.purpose}`;
  });
  const twist =
    plan.twist === 'none'
      ? '本条不做反转，twist 字段必须是 null。'
      : [
          plan.twist === 'light'
            ? '轻反转：只有一次反转。'
            : '强反转：两次反转，先误导，再翻转，最后再翻一次。',
          ...plan.reversals.map(
            (r) =>
              `第${r.order === 1 ? '一' : '二'}次反转在第 ${r.atSec} 秒（约全片 ${Math.round(r.atShare * 100)}% 处）。`,
          ),
          `铺垫要求：${plan.setup ?? ''}`,
          'twist 字段用一两句话写清：反转发生在第几秒、翻转了什么、前面哪里埋了伏笔。',
        ].join('\n');
  return `总时长 ${plan.totalSec} 秒，共 ${plan.sceneCount} 个镜头，节拍如下：\n${beats.join('\n')}\n\n${twist}`;
}

function personaBlock(task: ScriptTask): string {
  const p = task.persona;
  if (!p) return '未指定人设：用适合这个选题的普通创作者口吻。';
  return `人设：${p.name}
定位：${p.positioning}
目标受众：${p.audience}
语气风格：${p.tone}
标签：${p.tags.join('、')}`;
}

const SHAPE = `{
  "title": "标题，30 字以内",
  "hook": "开场钩子：第一个镜头的第一句台词，20 字以内",
  "scenes": [
    { "shot": "景别：特写/近景/中景/全景/远景 之一", "visual": "画面：人物、场景、道具、动作、字幕", "line": "台词或旁白，能直接念", "durationSec": 4 }
  ],
  "twist": "反转说明；不做反转时为 null",
  "cta": "结尾的行动号召，与最后一个镜头的台词一致",
  "tags": ["2 到 8 个话题标签，不带 #"],
  "coverText": "封面大字，12 字以内"
}`;

/** What this topic promises and must keep: the count, the subject, the facts, an honest length. */
export function topicRules(analysis: TopicAnalysis, durationSec: number): string[] {
  const rules = [`只写「${analysis.core}」本身：不要扯到别的菜、别的产品、别的职业或别的话题。`];
  const count = analysis.count;
  if (count) {
    const last = count.weekdays ? '周五' : `第${chineseNumber(count.n)}${count.ordinalUnit}`;
    const first = count.weekdays ? '周一' : `第一${count.ordinalUnit}`;
    rules.push(
      `选题承诺了「${count.raw}」：正文必须正好列出 ${count.n} ${count.ordinalUnit}，按「${first}」到「${last}」的说法标出来，每${count.ordinalUnit}内容不同，不多不少。`,
    );
  }
  if (analysis.facts.length > 0) rules.push(`保留选题里的这些信息，不要改动：${analysis.facts.join('、')}。`);
  if (analysis.lengthClaimSec && durationSec > analysis.lengthClaimSec * 1.1) {
    rules.push(
      `选题里的「${analysis.lengthClaim}」和实际时长 ${durationSec} 秒不符：标题和台词里改成实际时长或不提时长。`,
    );
  }
  rules.push(
    '选题原文在台词里最多出现一次；不要写【】、XX、某某、「此处」这类占位内容；同一句话不要说两遍。',
  );
  return rules;
}

export function scriptMessages(
  task: ScriptTask,
  plan: TwistPlan,
  analysis: TopicAnalysis,
): ChatCompletionMessageParam[] {
  const template = getTemplate(task.templateId);
  const angle = VARIANT_ANGLES[task.variantIndex % VARIANT_ANGLES.length];
  const user = `请为下面的选题写一条可以直接开拍的短视频分镜脚本。

选题：${task.topic}
平台：${platformNames[task.platform]}。${PLATFORM_NOTES[task.platform]}
模板：${template.name}——${template.description}
${personaBlock(task)}
${task.extra ? `创作者的补充要求：${task.extra}\n` : ''}
这是同一选题的第 ${task.variantIndex + 1} 个版本：请${angle}，标题、钩子和切入角度要和其他版本明显不同。

${describePlan(plan)}

写作要求：
- 按节拍顺序写镜头，镜头数量与上面一致（可以相差 1 到 2 个），所有 durationSec 相加等于 ${plan.totalSec}。
- 每个镜头的台词长度和时长匹配：每秒 3 到 5 个字（约 4 个字），每个镜头都要有台词。
${topicRules(analysis, plan.totalSec)
  .map((r) => `- ${r}`)
  .join('\n')}
- 选题「${task.topic}」要在标题或开场钩子里出现。
- 画面要写得具体，能让摄影照着拍；不要写「此处省略」之类的话。

按这个结构输出 JSON：
${SHAPE}`;
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: user },
  ];
}
