import { type PersonaAnalyzeInput, platformNames } from '@app/contract/generation';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { SYSTEM_PROMPT } from './system-prompt.ts';

const SHAPE = `{
  "name": "人设名称，40 字以内，例如「小林｜下班后的家常菜研究所」",
  "positioning": "一句话定位：是谁、为谁、解决什么问题，200 字以内",
  "audience": "目标受众画像：人群、年龄段、最常见的困扰，200 字以内",
  "tags": ["3 到 8 个人设标签，每个 20 字以内"],
  "tone": "语气风格，100 字以内",
  "pillars": ["3 到 5 条内容支柱，每条写成「系列名：说明」"],
  "titleFormulas": ["3 到 6 条标题公式，每条写成「类型：公式或例句」"],
  "monetization": "变现路径：分阶段的建议，结合粉丝量和目标，300 字以内",
  "radar": { "专业度": 0, "亲和力": 0, "娱乐性": 0, "稀缺性": 0, "转化力": 0 }
}`;

export function personaMessages(input: PersonaAnalyzeInput): ChatCompletionMessageParam[] {
  const titles = input.recentTitles.length
    ? input.recentTitles.map((t, i) => `${i + 1}. ${t}`).join('\n')
    : '（未提供）';
  const user = `请分析下面这个账号，给出可以直接落地的人设方案。

平台：${platformNames[input.platform]}
账号名称：${input.accountName}
领域：${input.niche}
粉丝数：${input.followers ?? '未提供'}
账号简介：${input.bio || '（未提供）'}
近期作品标题：
${titles}
账号目标：${input.goal}

要求：
- 人设要贴合这个领域和平台的用户习惯，领域词「${input.niche}」要出现在定位或标签里。
- 内容支柱和标题公式要具体到这个领域，能直接拿去拍、拿去用。
- radar 是五项 0 到 100 的整数评分，依据上面的信息评估，不要全部给高分。
- 变现路径要结合粉丝量所处阶段和账号目标。

按这个结构输出 JSON：
${SHAPE}`;
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: user },
  ];
}
