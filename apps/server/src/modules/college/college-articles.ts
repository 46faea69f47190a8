import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Article } from '@app/contract';
import { serverPath } from '../../lib/server-root.ts';

/** Where the academy's Markdown lives: one file per article, the file name is its slug. */
export const ARTICLES_DIR = serverPath('src/modules/college/articles');

/** Chinese reading speed: about 400 characters a minute. */
const CHARS_PER_MINUTE = 400;

export type LoadedArticle = Omit<Article, 'prev' | 'next'> & { order: number };

/**
 * The front matter the articles use: `key: value` lines between two `---` lines. A small reader
 * of exactly that, instead of a YAML library for four plain fields.
 */
export function parseFrontMatter(source: string): { fields: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { fields: {}, body: source };
  const fields: Record<string, string> = {};
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    const value = line
      .slice(at + 1)
      .trim()
      .replace(/^(['"])(.*)\1$/, '$2');
    fields[line.slice(0, at).trim()] = value;
  }
  return { fields, body: source.slice(match[0].length) };
}

/** Minutes to read: Chinese characters / 400, rounded up, at least 1. */
export function readingMinutes(markdown: string): number {
  const han = markdown.match(/\p{Script=Han}/gu)?.length ?? 0;
  return Math.max(1, Math.ceil(han / CHARS_PER_MINUTE));
}

export function parseArticle(slug: string, source: string): LoadedArticle {
  const { fields, body } = parseFrontMatter(source);
  const title = fields.title;
  const summary = fields.summary;
  if (!title || !summary) throw new Error(`article ${slug}: front matter needs title and summary`);
  return {
    slug,
    title,
    summary,
    category: fields.category ?? '入门',
    order: Number(fields.order ?? 999),
    readingMinutes: readingMinutes(body),
    markdown: body.trim(),
  };
}

/** Reads every *.md of the folder, in the order their front matter asks for. */
export function loadArticles(dir: string = ARTICLES_DIR): LoadedArticle[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md') && /^[a-z0-9]+(?:-[a-z0-9]+)*\.md$/.test(f))
    .map((f) => parseArticle(basename(f, '.md'), readFileSync(`${dir}/${f}`, 'utf8')))
    .sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
}
