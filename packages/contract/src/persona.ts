import { z } from 'zod';
import { idSchema, isoDateSchema, pageQuerySchema, pageSchema, text } from './common.ts';
import { personaDraftSchema, platformSchema } from './generation.ts';

/** A saved persona: what the generator drafted plus who it belongs to (DESIGN §4). */
export const personaSchema = personaDraftSchema.extend({
  id: idSchema,
  isDefault: z.boolean(),
  platform: platformSchema,
  accountName: z.string(),
  createdAt: isoDateSchema,
});
export type Persona = z.infer<typeof personaSchema>;

export const personaListQuerySchema = pageQuerySchema.strict();
export type PersonaListQuery = z.infer<typeof personaListQuerySchema>;

export const personaPageSchema = pageSchema(personaSchema);

/** A user keeps at most this many personas, so the list stays something one can choose from. */
export const PERSONA_MAX_PER_USER = 50;

/**
 * PATCH /persona/:id: rename and/or make it the default. There is always exactly one default while
 * a user has personas, so "not default" is reached by making another one the default.
 */
export const personaUpdateSchema = z
  .object({
    name: text({ error: '人设名称必须是文字' })
      .trim()
      .min(1, '请填写人设名称')
      .max(40, '人设名称最多 40 个字')
      .optional(),
    isDefault: z.literal(true, { error: '只能设为默认人设；要取消默认，请把另一个人设设为默认' }).optional(),
  })
  .strict()
  .refine((v) => v.name !== undefined || v.isDefault !== undefined, {
    message: '请填写要修改的内容：人设名称或设为默认',
  });
export type PersonaUpdate = z.infer<typeof personaUpdateSchema>;

export const personaDeleteResultSchema = z.object({
  id: idSchema,
  /** The persona that became the default because the deleted one was it; null when none. */
  newDefaultId: idSchema.nullable(),
});
export type PersonaDeleteResult = z.infer<typeof personaDeleteResultSchema>;

/**
 * POST /persona/analyze answers text/event-stream when asked (Accept: text/event-stream):
 * `delta` events carry text as it is generated, then one `persona` event, or one `error` event.
 */
export const personaStreamEventSchemas = {
  delta: z.object({ text: z.string() }),
  persona: z.object({ persona: personaSchema }),
  error: z.object({ message: z.string() }),
} as const;
export type PersonaStreamEvent =
  | { event: 'delta'; data: z.infer<typeof personaStreamEventSchemas.delta> }
  | { event: 'persona'; data: z.infer<typeof personaStreamEventSchemas.persona> }
  | { event: 'error'; data: z.infer<typeof personaStreamEventSchemas.error> };
