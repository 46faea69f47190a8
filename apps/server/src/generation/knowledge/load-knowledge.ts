import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { serverPath } from '../../lib/server-root.ts';
import { type Niche, nicheSchema, type Subtopic, subtopicSchema } from './knowledge-schema.ts';

/** A subtopic with the field it belongs to; `key` is "<niche>/<id>", unique across fields. */
export interface KnownSubtopic extends Subtopic {
  key: string;
  niche: string;
}

export interface Knowledge {
  niches: Niche[];
  subtopics: KnownSubtopic[];
  niche(key: string): Niche | undefined;
}

export const KNOWLEDGE_DIR = serverPath('src/generation/knowledge/data');

export class KnowledgeFileError extends Error {}

function readJson<T>(file: string, schema: z.ZodType<T>): T {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new KnowledgeFileError(`${file}：不是合法的 JSON（${(err as Error).message}）`);
  }
  const result = schema.safeParse(raw);
  if (!result.success) throw new KnowledgeFileError(`${file}：\n${z.prettifyError(result.error)}`);
  return result.data;
}

/**
 * Reads and validates every file under `dir`: one folder per field, `_niche.json` plus one file
 * per subtopic. A bad file throws, unless `onError` collects the problems (the checker does).
 */
export function readKnowledge(
  dir = KNOWLEDGE_DIR,
  onError: (error: KnowledgeFileError) => void = (error) => {
    throw error;
  },
): Knowledge {
  const niches: Niche[] = [];
  const subtopics: KnownSubtopic[] = [];
  const attempt = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof KnowledgeFileError)) throw error;
      onError(error);
      return undefined;
    }
  };
  for (const folder of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    if (!folder.isDirectory()) continue;
    const base = join(dir, folder.name);
    const niche = attempt(() => readJson(join(base, '_niche.json'), nicheSchema));
    if (!niche) continue;
    if (niche.key !== folder.name) {
      onError(new KnowledgeFileError(`${base}/_niche.json：key 必须和文件夹同名（${folder.name}）`));
      continue;
    }
    niches.push(niche);
    for (const file of readdirSync(base).sort()) {
      if (!file.endsWith('.json') || file === '_niche.json') continue;
      const subtopic = attempt(() => readJson(join(base, file), subtopicSchema));
      if (!subtopic) continue;
      if (`${subtopic.id}.json` !== file) {
        onError(
          new KnowledgeFileError(`${base}/${file}：id 必须和文件名相同（${file.replace(/\.json$/, '')}）`),
        );
        continue;
      }
      subtopics.push({ ...subtopic, key: `${niche.key}/${subtopic.id}`, niche: niche.key });
    }
  }
  const byKey = new Map(niches.map((n) => [n.key, n]));
  return { niches, subtopics, niche: (key) => byKey.get(key) };
}

let cached: Knowledge | undefined;

/** Read once, on first use: start-up does not pay for it. */
export function knowledge(): Knowledge {
  cached ??= readKnowledge();
  return cached;
}
