import { readFileSync } from 'node:fs';
import { platformSchema } from '@app/contract/generation';
import { z } from 'zod';
import { serverPath } from '../../lib/server-root.ts';

/** The shipped library (data/inspiration.json, written by data/_generate.mjs). */
const itemSchema = z.object({
  id: z.string().min(1),
  categoryId: z.string().min(1),
  title: z.string().min(1),
  platform: platformSchema,
  author: z.string(),
  likes: z.number().int().min(0),
  comments: z.number().int().min(0),
  shares: z.number().int().min(0),
  heat: z.number().int().min(0),
  hook: z.string(),
  tags: z.array(z.string()),
  publishedAt: z.iso.datetime(),
});
export type SeedInspiration = z.infer<typeof itemSchema>;

export function loadSeedInspiration(): SeedInspiration[] {
  const file = serverPath('src/modules/inspiration/data/inspiration.json');
  return z.array(itemSchema).parse(JSON.parse(readFileSync(file, 'utf8')));
}
