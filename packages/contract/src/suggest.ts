import { z } from 'zod';
import { idSchema, text } from './common.ts';
import { suggestionSchema, suggestKindSchema } from './generation.ts';

export const SUGGEST_COUNT_DEFAULT = 5;
export const SUGGEST_COUNT_MAX = 10;

/**
 * POST /suggest/gen (DESIGN §4). topics / titles / hooks work from a persona or a topic (or both:
 * "topics" anchored on a hot topic); improve works on one of my scripts.
 */
export const suggestInputSchema = z
  .object({
    kind: suggestKindSchema,
    personaId: idSchema.optional(),
    topic: text({ error: '选题必须是文字' })
      .trim()
      .min(1, '选题不能为空')
      .max(100, '选题最多 100 个字')
      .optional(),
    scriptId: idSchema.optional(),
    count: z
      .number({ error: '数量必须是数字' })
      .int('数量必须是整数')
      .min(1, '至少要 1 条建议')
      .max(SUGGEST_COUNT_MAX, `最多 ${SUGGEST_COUNT_MAX} 条建议`)
      .optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.kind === 'improve') {
      if (!v.scriptId) ctx.addIssue({ code: 'custom', path: ['scriptId'], message: '请选择要优化的脚本' });
    } else if (!v.personaId && !v.topic) {
      ctx.addIssue({ code: 'custom', path: ['topic'], message: '请选择一个人设或填写一个选题' });
    }
  });
export type SuggestInput = z.infer<typeof suggestInputSchema>;

export const suggestResultSchema = z.object({ suggestions: z.array(suggestionSchema) });
export type SuggestResult = z.infer<typeof suggestResultSchema>;
