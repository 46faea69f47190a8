import type { QualityFinding } from '@app/contract/generation';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';

/** The phrase that marks a repair request (the tests look for it in the second request). */
export const REPAIR_INSTRUCTION = '你上一次的输出没有通过校验';

// A runaway answer should not make the repair request huge.
const MAX_ECHO = 12000;

/** Sends the bad answer back with what was wrong, asking for the corrected object only. */
export function repairMessages(
  original: ChatCompletionMessageParam[],
  badOutput: string,
  problem: string,
): ChatCompletionMessageParam[] {
  return [
    ...original,
    { role: 'assistant', content: badOutput.slice(0, MAX_ECHO) || '（空）' },
    {
      role: 'user',
      content: `${REPAIR_INSTRUCTION}，问题如下：
${problem}

请按原来的要求修正，只输出修正后的完整 JSON 对象：不要 Markdown 代码块，不要任何解释。`,
    },
  ];
}

/** The phrase that marks a quality repair request (the tests look for it). */
export const QUALITY_REPAIR_INSTRUCTION = '你上一次写的脚本格式没问题，但有这些内容问题';

/** Sends a valid but flawed script back with each problem spelled out, asking for the whole corrected script. */
export function qualityRepairMessages(
  original: ChatCompletionMessageParam[],
  script: string,
  findings: QualityFinding[],
): ChatCompletionMessageParam[] {
  const list = findings.map((f, i) => `${i + 1}. ${f.message}`).join('\n');
  return [
    ...original,
    { role: 'assistant', content: script.slice(0, MAX_ECHO) },
    {
      role: 'user',
      content: `${QUALITY_REPAIR_INSTRUCTION}：
${list}

请逐条改好，没有问题的部分尽量保持不变，按原来的 JSON 结构输出修改后的完整脚本：不要 Markdown 代码块，不要任何解释。`,
    },
  ];
}
