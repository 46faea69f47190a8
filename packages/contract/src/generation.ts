import { z } from 'zod';
import { text } from './common.ts';

/** Shapes that both generation providers (builtin and openai) must produce and accept. */

export const platformSchema = z.enum(['douyin', 'kuaishou', 'xiaohongshu', 'shipinhao'], {
  error: '请选择发布平台：抖音、快手、小红书或视频号',
});
export type Platform = z.infer<typeof platformSchema>;

export const platformNames: Record<Platform, string> = {
  douyin: '抖音',
  kuaishou: '快手',
  xiaohongshu: '小红书',
  shipinhao: '视频号',
};

/** Script length bounds in seconds: the generators clamp to these. */
export const SCRIPT_DURATION_MIN_SEC = 15;
export const SCRIPT_DURATION_MAX_SEC = 600;

export const personaAnalyzeInputSchema = z
  .object({
    platform: platformSchema,
    accountName: text({ error: '请填写账号名称' })
      .trim()
      .min(1, '请填写账号名称')
      .max(30, '账号名称最多 30 个字'),
    niche: text({ error: '请填写账号领域，例如：美食、职场、数码' })
      .trim()
      .min(1, '请填写账号领域，例如：美食、职场、数码')
      .max(30, '账号领域最多 30 个字'),
    followers: z
      .number({ error: '粉丝数必须是数字' })
      .int('粉丝数必须是整数')
      .min(0, '粉丝数不能为负数')
      .optional(),
    bio: text({ error: '账号简介必须是文字' }).trim().max(200, '账号简介最多 200 个字').optional(),
    recentTitles: z
      .array(
        text({ error: '近期标题必须是文字' })
          .trim()
          .min(1, '近期标题不能为空')
          .max(60, '每条近期标题最多 60 个字'),
        { error: '近期标题需要是一个列表' },
      )
      .max(10, '近期标题最多填写 10 条'),
    goal: text({ error: '请填写账号目标，例如：三个月涨粉一万' })
      .trim()
      .min(1, '请填写账号目标，例如：三个月涨粉一万')
      .max(100, '账号目标最多 100 个字'),
  })
  .strict();
export type PersonaAnalyzeInput = z.infer<typeof personaAnalyzeInputSchema>;

/** A generated (or owner-edited) text: not empty, at most `max` characters. */
const labelled = (label: string, max: number) =>
  text({ error: `${label}必须是文字` })
    .trim()
    .min(1, `${label}不能为空`)
    .max(max, `${label}最多 ${max} 个字`);

const score = (label: string) =>
  z
    .number({ error: `${label}必须是数字` })
    .int(`${label}必须是整数`)
    .min(0, `${label}不能小于 0`)
    .max(100, `${label}不能大于 100`);

export const personaRadarSchema = z.object({
  专业度: score('专业度'),
  亲和力: score('亲和力'),
  娱乐性: score('娱乐性'),
  稀缺性: score('稀缺性'),
  转化力: score('转化力'),
});
export type PersonaRadar = z.infer<typeof personaRadarSchema>;

export const personaDraftSchema = z.object({
  name: labelled('人设名称', 40),
  positioning: labelled('定位', 200),
  audience: labelled('目标受众', 200),
  tags: z.array(labelled('标签', 20)).min(3, '标签至少 3 个').max(8, '标签最多 8 个'),
  tone: labelled('语气风格', 100),
  pillars: z.array(labelled('内容支柱', 60)).min(3, '内容支柱至少 3 条').max(5, '内容支柱最多 5 条'),
  titleFormulas: z.array(labelled('标题公式', 80)).min(3, '标题公式至少 3 条').max(6, '标题公式最多 6 条'),
  monetization: labelled('变现路径', 300),
  radar: personaRadarSchema,
});
export type PersonaDraft = z.infer<typeof personaDraftSchema>;

export const templateIdSchema = z.enum(['koubo', 'juqing', 'daihuo', 'kepu', 'vlog', 'tandian'], {
  error: '请选择脚本模板',
});
export type TemplateId = z.infer<typeof templateIdSchema>;

export const scriptTemplateSchema = z.object({
  id: templateIdSchema,
  name: z.string(),
  description: z.string(),
  /** The beats in order, e.g. 黄金3秒钩子 → 痛点 → 干货 → 行动号召. */
  structure: z.array(z.string()).min(2),
});
export type ScriptTemplate = z.infer<typeof scriptTemplateSchema>;

export const twistSchema = z.enum(['none', 'light', 'strong'], { error: '反转强度只能是无、轻度或强反转' });
export type Twist = z.infer<typeof twistSchema>;

export const sceneSchema = z.object({
  /** 景别：特写 / 近景 / 中景 / 全景 / 远景 … */
  shot: labelled('景别', 20),
  visual: labelled('画面', 300),
  /** A pure B-roll shot may have no line. */
  line: text({ error: '台词必须是文字' }).trim().max(500, '台词最多 500 个字'),
  durationSec: z
    .number({ error: '镜头时长必须是数字' })
    .int('镜头时长必须是整数秒')
    .min(1, '镜头时长至少 1 秒')
    .max(120, '镜头时长最多 120 秒'),
});
export type Scene = z.infer<typeof sceneSchema>;

export const scriptDraftSchema = z.object({
  title: labelled('标题', 60),
  hook: labelled('开场钩子', 200),
  scenes: z.array(sceneSchema).min(2, '分镜至少 2 个').max(20, '分镜最多 20 个'),
  /** Where and what the reversal is; null when no twist was asked for. */
  twist: labelled('反转说明', 300).nullable(),
  cta: labelled('行动号召', 200),
  tags: z.array(labelled('话题标签', 20)).min(2, '话题标签至少 2 个').max(8, '话题标签最多 8 个'),
  coverText: labelled('封面文字', 30),
});
export type ScriptDraft = z.infer<typeof scriptDraftSchema>;

/** What the quality gate found in a generated script: shown to the creator with the script. */
export const qualityFindingCodeSchema = z.enum([
  'placeholder',
  'promise',
  'length_claim',
  'off_topic',
  'pace',
  'total_time',
  'repeated',
  'variant_overlap',
]);
export type QualityFindingCode = z.infer<typeof qualityFindingCodeSchema>;

export const qualityFindingSchema = z.object({
  code: qualityFindingCodeSchema,
  message: z.string(),
  /** The scene (from 0) the finding is about, when it is about one. */
  scene: z.number().int().min(0).optional(),
});
export type QualityFinding = z.infer<typeof qualityFindingSchema>;

export const suggestKindSchema = z.enum(['topics', 'titles', 'hooks', 'improve'], {
  error: '建议类型只能是选题、标题、开头或优化',
});
export type SuggestKind = z.infer<typeof suggestKindSchema>;

export const suggestionSchema = z.object({
  text: labelled('建议内容', 300),
  reason: labelled('建议理由', 300),
});
export type Suggestion = z.infer<typeof suggestionSchema>;
