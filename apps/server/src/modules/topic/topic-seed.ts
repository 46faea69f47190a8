import { readFileSync } from 'node:fs';
import { platformSchema } from '@app/contract/generation';
import { z } from 'zod';
import { serverPath } from '../../lib/server-root.ts';
import type { HotlistSource } from '../../providers/hotlist/hotlist-source.ts';

/**
 * The shipped data (data/*.json, written by data/_generate.mjs): the 12 niches and 240 topics.
 * It is the default hot-list source, so a fresh install shows a full list offline.
 */
const categorySchema = z.object({ id: z.string().regex(/^[a-z]+$/), name: z.string().min(1) });
const topicSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  category: z.string(),
  platform: platformSchema,
  heat: z.number().int().min(0),
  trend: z.array(z.number().int().min(0)).min(1),
});
export type SeedCategory = z.infer<typeof categorySchema>;
export type SeedTopic = z.infer<typeof topicSchema>;

const dataFile = (name: string) => serverPath('src/modules/topic/data', name);

export function loadSeedCategories(): SeedCategory[] {
  return z.array(categorySchema).parse(JSON.parse(readFileSync(dataFile('categories.json'), 'utf8')));
}

export function loadSeedTopics(): SeedTopic[] {
  return z.array(topicSchema).parse(JSON.parse(readFileSync(dataFile('hot-topics.json'), 'utf8')));
}

/** One source per platform, each handing over the shipped topics with their curves. */
export function createSeedSources(topics: SeedTopic[]): HotlistSource[] {
  const platforms = [...new Set(topics.map((t) => t.platform))];
  return platforms.map((platform) => ({
    name: 'seed',
    platform,
    replacesPlatform: false,
    async fetch() {
      return topics
        .filter((t) => t.platform === platform)
        .map((t) => ({
          id: t.id,
          title: t.title,
          heat: t.heat,
          category: t.category,
          trend: t.trend,
        }));
    },
  }));
}
