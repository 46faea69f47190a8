import { type ScriptTemplate, type TemplateId, templateIdSchema } from '@app/contract/generation';
import { z } from 'zod';
import templatesJson from './script-templates.json' with { type: 'json' };

export type BeatRole = 'hook' | 'body' | 'cta';

/** One beat of a template: what it does, how long it is relative to the others, how to frame it. */
export interface TemplateBeat {
  key: string;
  name: string;
  role: BeatRole;
  weight: number;
  purpose: string;
  shots: string[];
  /** Dropped first when the video is too short to hold every beat. */
  optional?: boolean;
}

export interface TemplateDefinition {
  id: TemplateId;
  name: string;
  description: string;
  beats: TemplateBeat[];
}

const beatSchema = z.object({
  key: z.string().min(1),
  name: z.string().min(1),
  role: z.enum(['hook', 'body', 'cta']),
  weight: z.number().positive(),
  purpose: z.string().min(1),
  shots: z.array(z.string().min(1)).min(1),
  optional: z.boolean().optional(),
});

// Checked once at load: a typo in the data file stops the server instead of producing odd scripts.
const templates: TemplateDefinition[] = z
  .array(
    z.object({
      id: templateIdSchema,
      name: z.string().min(1),
      description: z.string().min(1),
      beats: z.array(beatSchema).min(3),
    }),
  )
  .parse(templatesJson);

export function getTemplate(id: TemplateId): TemplateDefinition {
  const found = templates.find((t) => t.id === id);
  if (!found) throw new Error(`未知的脚本模板：${id}`);
  return found;
}

/** GET /script/templates: the public view of each template. */
export function listTemplates(): ScriptTemplate[] {
  return templates.map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    structure: t.beats.map((b) => b.name),
  }));
}
