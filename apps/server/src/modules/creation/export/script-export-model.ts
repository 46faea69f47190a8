import type { GenerationInput } from '@app/contract';
import { platformNames, type ScriptDraft, type Twist } from '@app/contract/generation';
import { listTemplates } from '../../../generation/templates/templates.ts';

export const twistNames: Record<Twist, string> = { none: '无反转', light: '轻反转', strong: '强反转' };

/** Everything an exported file shows, in the words a creator reads. */
export interface ExportModel {
  script: ScriptDraft;
  totalSec: number;
  meta: Array<[label: string, value: string]>;
}

export function exportModel(script: ScriptDraft, input: GenerationInput, confirmed: boolean): ExportModel {
  const template = listTemplates().find((t) => t.id === input.templateId);
  const totalSec = script.scenes.reduce((s, scene) => s + scene.durationSec, 0);
  return {
    script,
    totalSec,
    meta: [
      ['选题', input.topic],
      ['平台', platformNames[input.platform]],
      ['模板', template?.name ?? input.templateId],
      ['反转', twistNames[input.twist]],
      ['时长', `${totalSec} 秒（目标 ${input.durationSec} 秒）`],
      ['状态', confirmed ? '已确认' : '草稿'],
    ],
  };
}

/** "秋天第一杯奶茶：3 个误区.docx": a name every OS accepts, still in Chinese. */
export function fileNameOf(title: string, ext: string): string {
  const safe = title
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60);
  return `${safe || '脚本'}.${ext}`;
}

/**
 * RFC 6266 / 5987: an ASCII fallback for old clients and the real name as UTF-8. encodeURIComponent
 * leaves ' ( ) * unescaped, which RFC 5987's attr-char does not allow.
 */
export function contentDisposition(fileName: string, fallback: string): string {
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
