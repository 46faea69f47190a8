import type { ExportModel } from './script-export-model.ts';

/** A Markdown table cell: pipes and line breaks would break the row. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>') || '—';

/** The script as Markdown: readable as it is, rendered nicely by any Markdown viewer. */
export function scriptToMarkdown({ script, totalSec, meta }: ExportModel): string {
  const lines: string[] = [`# ${script.title}`, ''];
  lines.push(meta.map(([k, v]) => `**${k}**：${v}`).join('  \n'), '');
  lines.push('## 开场钩子', '', script.hook, '');
  lines.push('## 分镜脚本', '', '| 镜号 | 景别 | 画面 | 台词 | 时长 |', '| --- | --- | --- | --- | --- |');
  script.scenes.forEach((s, i) => {
    lines.push(`| ${i + 1} | ${cell(s.shot)} | ${cell(s.visual)} | ${cell(s.line)} | ${s.durationSec} 秒 |`);
  });
  lines.push('', `合计 ${script.scenes.length} 个镜头，${totalSec} 秒`, '');
  if (script.twist) lines.push('## 反转设计', '', script.twist, '');
  lines.push('## 行动号召', '', script.cta, '');
  lines.push('## 话题标签', '', script.tags.map((t) => `#${t}`).join(' '), '');
  lines.push('## 封面文字', '', script.coverText, '');
  return lines.join('\n');
}

/** The script as plain text: what one pastes into a chat or prints for the shoot. */
export function scriptToText({ script, totalSec, meta }: ExportModel): string {
  const lines: string[] = [script.title, '='.repeat(Math.min(40, script.title.length * 2)), ''];
  for (const [k, v] of meta) lines.push(`${k}：${v}`);
  lines.push('', '【开场钩子】', script.hook, '', '【分镜脚本】');
  script.scenes.forEach((s, i) => {
    lines.push(`镜头 ${i + 1}｜${s.shot}｜${s.durationSec} 秒`);
    lines.push(`  画面：${s.visual}`);
    lines.push(`  台词：${s.line || '（无台词）'}`);
    lines.push('');
  });
  lines.push(`合计 ${script.scenes.length} 个镜头，${totalSec} 秒`, '');
  if (script.twist) lines.push('【反转设计】', script.twist, '');
  lines.push('【行动号召】', script.cta, '');
  lines.push('【话题标签】', script.tags.map((t) => `#${t}`).join(' '), '');
  lines.push('【封面文字】', script.coverText, '');
  return lines.join('\r\n');
}
