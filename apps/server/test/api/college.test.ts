import type { Article, ArticleSummary } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArticle, readingMinutes } from '../../src/modules/college/college-articles.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('academy (/college)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists at least 8 articles in their order, each with title, summary and reading time', async () => {
    const { status, body } = await t.call<{ items: ArticleSummary[] }>({
      method: 'GET',
      url: '/api/v1/college/list',
    });
    expect(status).toBe(200);
    expect(body.data.items.length).toBeGreaterThanOrEqual(8);
    expect(body.data.items[0]).toMatchObject({
      slug: 'three-second-hook',
      title: '黄金3秒：写出让人停下来的开头',
      category: '入门',
    });
    for (const a of body.data.items) {
      expect(a.title.length).toBeGreaterThan(4);
      expect(a.summary.length).toBeGreaterThan(10);
      expect(a.readingMinutes).toBeGreaterThanOrEqual(1);
      expect(a.slug).toMatch(/^[a-z0-9-]+$/);
    }
  });

  it('serves an article as Markdown without its front matter, with neighbours', async () => {
    const { status, body } = await t.call<Article>({
      method: 'GET',
      url: '/api/v1/college/three-second-hook',
    });
    expect(status).toBe(200);
    expect(body.data.markdown.startsWith('## 为什么是3秒')).toBe(true);
    expect(body.data.markdown).not.toMatch(/^title:/m);
    expect(body.data.prev).toBeNull();
    expect(body.data.next).toEqual({ slug: 'persona-positioning', title: '人设定位：让观众一眼记住你是谁' });
    // Reading time: Chinese characters / 400 a minute, rounded up.
    const han = body.data.markdown.match(/\p{Script=Han}/gu)?.length ?? 0;
    expect(body.data.readingMinutes).toBe(Math.ceil(han / 400));
  });

  it('answers 404 for an unknown article and 400 for a malformed address', async () => {
    const unknown = await t.call({ method: 'GET', url: '/api/v1/college/no-such-article' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('这篇文章不存在，可能已被移除');
    const bad = await t.call({ method: 'GET', url: '/api/v1/college/..%2F..%2Fetc' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/文章地址不正确/);
  });

  it('reads front matter and counts reading time', () => {
    const article = parseArticle(
      'demo',
      `---\ntitle: 标题\nsummary: "一段摘要"\ncategory: 进阶\norder: 3\n---\n\n${'字'.repeat(401)}\n`,
    );
    expect(article).toMatchObject({ title: '标题', summary: '一段摘要', category: '进阶', order: 3 });
    expect(article.readingMinutes).toBe(2);
    expect(readingMinutes('only latin words')).toBe(1);
    expect(() => parseArticle('x', '# no front matter')).toThrow(/title and summary/);
  });
});
