import { platformNames } from '@app/contract/generation';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { SuggestTask } from '../../generation-provider.ts';
import { getTemplate } from '../../templates/templates.ts';
import { SYSTEM_PROMPT } from './system-prompt.ts';

const ASKS: Record<SuggestTask['kind'], (count: number) => string> = {
  topics: (n) =>
    `请给出 ${n} 个可以直接拍的选题。每个选题要贴合人设的领域和受众；如果给了热点，选题要把热点和人设的专业结合起来，而不是单纯复述热点。text 写选题（30 字以内），reason 写为什么值得拍。`,
  titles: (n) =>
    `请给出 ${n} 个标题，每个 30 字以内，风格各不相同（数字型、提问型、反常识型、结果前置型等），都要包含选题的关键词。text 写标题，reason 写它用了什么套路、为什么能吸引点击。`,
  hooks: (n) =>
    `请给出 ${n} 个开场钩子：视频第一句台词，每句 20 字以内，三秒内就能抓住人。text 写台词，reason 写它抓住了观众的什么心理。`,
  improve: (n) =>
    `请针对下面这条脚本给出 ${n} 条具体的优化建议，按重要程度排序。每条都要指明是第几个镜头或哪个字段、问题是什么、改成什么样（最好给出改写示例），例如钩子太长、缺少行动号召、单个镜头太长、台词和时长不匹配、景别单调等。text 写怎么改，reason 写为什么。`,
};

function context(task: SuggestTask): string {
  const lines: string[] = [];
  if (task.platform) lines.push(`平台：${platformNames[task.platform]}`);
  if (task.persona) {
    const p = task.persona;
    lines.push(
      `人设：${p.name}`,
      `定位：${p.positioning}`,
      `目标受众：${p.audience}`,
      `标签：${p.tags.join('、')}`,
    );
    lines.push(`内容支柱：${p.pillars.join('；')}`);
  }
  if (task.topic) lines.push(task.kind === 'topics' ? `热点/方向：${task.topic}` : `选题：${task.topic}`);
  if (task.request) {
    const r = task.request;
    const template = getTemplate(r.templateId).name;
    lines.push(
      `创作者选定的是：${template}模板，${r.durationSec} 秒，${r.twist === 'none' ? '不做反转' : r.twist === 'light' ? '轻反转' : '强反转'}。这些是创作者的选择，建议不能要求改时长、换模板、换平台或改反转强度，只在这个范围里优化。`,
    );
  }
  if (task.script) {
    const s = task.script;
    const scenes = s.scenes.map(
      (x, i) =>
        `镜头${i + 1}（${x.shot}，${x.durationSec} 秒）画面：${x.visual}；台词：${x.line || '（无）'}`,
    );
    lines.push(
      `脚本标题：${s.title}`,
      `开场钩子：${s.hook}`,
      ...scenes,
      `反转：${s.twist ?? '无'}`,
      `行动号召：${s.cta}`,
      `话题标签：${s.tags.join('、')}`,
      `封面文字：${s.coverText}`,
    );
  }
  return lines.length ? lines.join('\n') : '（没有提供更多信息，请给出适合大多数短视频创作者的建议）';
}

export function suggestMessages(task: SuggestTask, count: number): ChatCompletionMessageParam[] {
  const user = `${context(task)}

${ASKS[task.kind](count)}

按这个结构输出 JSON，suggestions 正好 ${count} 条：
{ "suggestions": [ { "text": "…", "reason": "…" } ] }`;
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: user },
  ];
}
