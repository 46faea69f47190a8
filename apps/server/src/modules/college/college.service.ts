import type { Article, ArticleSummary } from '@app/contract';
import { notFound } from '../../lib/errors.ts';
import type { LoadedArticle } from './college-articles.ts';

/** The academy: articles are read once at start and served from memory (they ship with the code). */
export function createCollegeService(deps: { articles: LoadedArticle[] }) {
  const articles = deps.articles;
  const bySlug = new Map(articles.map((a, i) => [a.slug, i]));
  const summary = ({ slug, title, summary, category, readingMinutes }: LoadedArticle): ArticleSummary => ({
    slug,
    title,
    summary,
    category,
    readingMinutes,
  });
  const link = (a: LoadedArticle | undefined) => (a ? { slug: a.slug, title: a.title } : null);

  return {
    list(): { items: ArticleSummary[] } {
      return { items: articles.map(summary) };
    },
    get(slug: string): Article {
      const index = bySlug.get(slug);
      const article = index === undefined ? undefined : articles[index];
      if (index === undefined || !article) throw notFound('这篇文章不存在，可能已被移除');
      return {
        ...summary(article),
        markdown: article.markdown,
        prev: link(articles[index - 1]),
        next: link(articles[index + 1]),
      };
    },
  };
}
export type CollegeService = ReturnType<typeof createCollegeService>;
