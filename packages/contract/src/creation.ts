import { z } from 'zod';
import { idSchema, isoDateSchema, pageQuerySchema, pageSchema, text } from './common.ts';
import {
  platformSchema,
  qualityFindingSchema,
  SCRIPT_DURATION_MAX_SEC,
  SCRIPT_DURATION_MIN_SEC,
  scriptDraftSchema,
  scriptTemplateSchema,
  templateIdSchema,
  twistSchema,
} from './generation.ts';

/** One request makes 1..3 variants, each charged like one script (DESIGN §4, §5). */
export const SCRIPT_VARIANTS_MAX = 3;
/** A script's scenes add up to the requested duration within ±20 %. */
export const SCRIPT_DURATION_TOLERANCE = 0.2;

export const templateListSchema = z.array(scriptTemplateSchema);

/** What a generation was asked for; stored with it and shown again in history ("generate again"). */
export const generationInputSchema = z.object({
  topic: text({ error: '请填写选题' })
    .trim()
    .min(1, '请填写选题，例如：上班族如何三分钟做好早餐')
    .max(100, '选题最多 100 个字'),
  topicId: idSchema.optional(),
  personaId: idSchema.optional(),
  templateId: templateIdSchema,
  twist: twistSchema,
  platform: platformSchema,
  durationSec: z
    .number({ error: '视频时长必须是数字' })
    .int('视频时长必须是整数秒')
    .min(SCRIPT_DURATION_MIN_SEC, `视频时长至少 ${SCRIPT_DURATION_MIN_SEC} 秒`)
    .max(SCRIPT_DURATION_MAX_SEC, `视频时长最多 ${SCRIPT_DURATION_MAX_SEC} 秒`),
  variants: z
    .number({ error: '生成数量必须是数字' })
    .int('生成数量必须是整数')
    .min(1, '至少生成 1 个版本')
    .max(SCRIPT_VARIANTS_MAX, `一次最多生成 ${SCRIPT_VARIANTS_MAX} 个版本`),
  extra: text({ error: '补充要求必须是文字' }).trim().max(500, '补充要求最多 500 个字').optional(),
});
export type GenerationInput = z.infer<typeof generationInputSchema>;

/** POST /creator/generate */
export const generateInputSchema = generationInputSchema.strict();

export const generationStatusSchema = z.enum(['generating', 'done', 'failed']);
export type GenerationStatus = z.infer<typeof generationStatusSchema>;

export const generateResultSchema = z.object({ id: idSchema, status: z.literal('generating') });

/**
 * A stored script: the generated draft plus who made it and whether the owner confirmed it.
 * `findings` are what the quality gate still found in it (rechecked when the owner confirms edits).
 */
export const scriptSchema = scriptDraftSchema.extend({
  findings: z.array(qualityFindingSchema),
  id: idSchema,
  generationId: idSchema,
  variantIndex: z.number().int(),
  confirmed: z.boolean(),
  confirmedAt: isoDateSchema.nullable(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type Script = z.infer<typeof scriptSchema>;

export const variantStateSchema = z.object({
  index: z.number().int(),
  status: generationStatusSchema,
  error: z.string().nullable(),
});
export type VariantState = z.infer<typeof variantStateSchema>;

/** GET /creator/:id */
export const generationSchema = z.object({
  id: idSchema,
  status: generationStatusSchema,
  input: generationInputSchema,
  variants: z.array(variantStateSchema),
  scripts: z.array(scriptSchema),
  /** Credits taken at the start and given back for variants that failed. */
  charged: z.number().int(),
  refunded: z.number().int(),
  error: z.string().nullable(),
  createdAt: isoDateSchema,
  finishedAt: isoDateSchema.nullable(),
});
export type Generation = z.infer<typeof generationSchema>;

export const generationListQuerySchema = pageQuerySchema.strict();

export const generationListItemSchema = generationSchema.omit({ scripts: true, variants: true }).extend({
  scripts: z.array(z.object({ id: idSchema, title: z.string(), confirmed: z.boolean() })),
});
export type GenerationListItem = z.infer<typeof generationListItemSchema>;
export const generationPageSchema = pageSchema(generationListItemSchema);

/**
 * GET /creator/:id/stream (text/event-stream). `delta` carries text at its offset in the
 * variant's preview, so a consumer can splice stored and live text without gaps or repeats.
 * `error` with a variant means that variant failed; without one the whole generation failed.
 */
export const generationStreamEventSchemas = {
  delta: z.object({ variant: z.number().int(), offset: z.number().int(), text: z.string() }),
  script: z.object({ variant: z.number().int(), script: scriptSchema }),
  done: z.object({ status: z.literal('done'), refunded: z.number().int() }),
  error: z.object({ message: z.string(), variant: z.number().int().optional(), refunded: z.number().int() }),
} as const;
export type GenerationStreamEvent =
  | { event: 'delta'; data: z.infer<typeof generationStreamEventSchemas.delta> }
  | { event: 'script'; data: z.infer<typeof generationStreamEventSchemas.script> }
  | { event: 'done'; data: z.infer<typeof generationStreamEventSchemas.done> }
  | { event: 'error'; data: z.infer<typeof generationStreamEventSchemas.error> };

/** The parts of a script its owner may change before confirming; each one validated like a draft. */
export const scriptEditsSchema = scriptDraftSchema
  .partial()
  .strict()
  .refine(
    (e) =>
      e.scenes === undefined ||
      e.scenes.reduce((s, scene) => s + scene.durationSec, 0) <= SCRIPT_DURATION_MAX_SEC,
    { message: `分镜总时长不能超过 ${SCRIPT_DURATION_MAX_SEC} 秒`, path: ['scenes'] },
  );
export type ScriptEdits = z.infer<typeof scriptEditsSchema>;

/** POST /script/confirm */
export const scriptConfirmInputSchema = z
  .object({ scriptId: idSchema, edits: scriptEditsSchema.optional() })
  .strict();
export type ScriptConfirmInput = z.infer<typeof scriptConfirmInputSchema>;

/** GET /script/list?confirmed=&page= */
export const scriptListQuerySchema = pageQuerySchema
  .extend({
    confirmed: z
      .enum(['true', 'false'], { error: 'confirmed 只能是 true 或 false' })
      .transform((v) => v === 'true')
      .optional(),
  })
  .strict();
export type ScriptListQuery = z.infer<typeof scriptListQuerySchema>;

/** A script in a list carries what it was generated from, so history can "generate again". */
export const scriptListItemSchema = scriptSchema.extend({ input: generationInputSchema });
export type ScriptListItem = z.infer<typeof scriptListItemSchema>;
export const scriptPageSchema = pageSchema(scriptListItemSchema);

export const scriptDownloadFormatSchema = z.enum(['docx', 'md', 'txt'], {
  error: '下载格式只能是 docx、md 或 txt',
});
export type ScriptDownloadFormat = z.infer<typeof scriptDownloadFormatSchema>;

/** POST /script/download → the file itself (not enveloped), with a Chinese file name. */
export const scriptDownloadInputSchema = z
  .object({ scriptId: idSchema, format: scriptDownloadFormatSchema })
  .strict();
export type ScriptDownloadInput = z.infer<typeof scriptDownloadInputSchema>;
