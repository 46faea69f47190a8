import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from './helpers/app-server';
import { launchBrowser, screenshot, viewports } from './helpers/browser';
import { loginAs } from './helpers/login';

/** Hot topics, favourites, the inspiration library and the academy, in Chromium. */
describe('topics, favourites, inspiration library and academy in the browser', () => {
  let server: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    context = await browser.newContext({ viewport: viewports.desktop });
    await loginAs(context, server, '追热点的小林');
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const topics = () => page.getByTestId('hot-topic');

  it('filters the hot list by platform and category', async () => {
    await page.goto(`${server.url}/dashboard/inspirationLibrary`);
    await page.getByRole('heading', { name: '灵感库' }).waitFor();
    await page.getByRole('tab', { name: '热点榜', selected: true }).waitFor();
    await topics().first().waitFor();
    await expect(topics().count()).resolves.toBe(50);
    await screenshot(page, 'hot-topics-1440');

    await page.locator('.topic-filters .ant-segmented-item', { hasText: '快手' }).click();
    await page.getByRole('radio', { name: '美食' }).click();
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('[data-testid="hot-topic"]')];
      return (
        rows.length > 0 &&
        rows.every((r) => r.textContent?.includes('快手') && r.textContent.includes('美食'))
      );
    });
    const count = await topics().count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(20);
    // Each row: rank, heat and a sparkline.
    await expect(topics().first().locator('.hot-topic__rank').textContent()).resolves.toMatch(/^\d+$/);
    await expect(
      topics()
        .first()
        .getByRole('img', { name: /近7天热度/ })
        .count(),
    ).resolves.toBe(1);
    await page.setViewportSize(viewports.phone);
    await screenshot(page, 'hot-topics-filtered-375');
    await page.setViewportSize(viewports.desktop);
  });

  let favourite = '';
  it('favourites a topic and finds it on /dashboard/collect, with 写脚本 opening the workspace', async () => {
    const first = topics().first();
    favourite = (await first.locator('.hot-topic__title').textContent()) ?? '';
    expect(favourite).not.toBe('');
    await first.getByRole('button', { name: '收藏', exact: true }).click();
    await page.getByText('已加入收藏').waitFor();
    await first.getByRole('button', { name: '取消收藏' }).waitFor();

    await page.goto(`${server.url}/dashboard/collect`);
    await page.getByRole('heading', { name: '我的收藏' }).waitFor();
    const saved = page.getByTestId('collected-topic');
    await saved.first().waitFor();
    await expect(saved.count()).resolves.toBe(1);
    await expect(saved.first().locator('.hot-topic__title').textContent()).resolves.toBe(favourite);
    await screenshot(page, 'collect-1440');
    await page.setViewportSize(viewports.phone);
    await screenshot(page, 'collect-375');
    await page.setViewportSize(viewports.desktop);

    await saved.first().getByRole('button', { name: '写脚本' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/script');
    const url = new URL(page.url());
    expect(url.searchParams.get('topic')).toBe(favourite);
    expect(url.searchParams.get('topicId')).toMatch(/^t-meishi-\d\d$/);
  });

  it('opens the inspiration library, switches category and sort, pages', async () => {
    await page.goto(`${server.url}/dashboard/inspirationLibrary`);
    await page.getByRole('tab', { name: '爆款灵感' }).click();
    const cards = page.getByTestId('inspiration-card');
    await cards.first().waitFor();
    await expect(cards.count()).resolves.toBe(12);
    await page.getByText('共 324 条').waitFor();
    await screenshot(page, 'inspiration-1440');

    await page.getByRole('tab', { name: '数码 27' }).click();
    await page.getByText('共 27 条').waitFor();
    await page.getByText('点赞最多').click();
    await page.waitForURL(
      (url) => url.searchParams.get('sort') === 'likes' && url.searchParams.get('cat') === 'shuma',
    );
    await page.waitForFunction(() => {
      const likes = [...document.querySelectorAll('[data-testid="inspiration-card"] [title="点赞"]')].map(
        (e) => e.textContent?.trim(),
      );
      return likes.length === 12;
    });
    // Every card shows the hook it opened with.
    await expect(cards.first().getByText('开头钩子').count()).resolves.toBe(1);
    await page.getByRole('listitem', { name: '3' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '3');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="inspiration-card"]').length === 3,
    );
    await page.setViewportSize(viewports.phone);
    await page.getByRole('listitem', { name: '1' }).click();
    await cards.nth(11).waitFor();
    await screenshot(page, 'inspiration-shuma-likes-375');
    await page.setViewportSize(viewports.desktop);

    const title = (await cards.first().locator('h3').textContent()) ?? '';
    await cards.first().getByRole('button', { name: '写一个类似的' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/script');
    expect(new URL(page.url()).searchParams.get('topic')).toBe(title);
  });

  it('opens an academy article', async () => {
    await page.goto(`${server.url}/dashboard/college`);
    await page.getByRole('heading', { name: '创作学院' }).waitFor();
    const articles = page.locator('.article-card');
    await articles.first().waitFor();
    expect(await articles.count()).toBeGreaterThanOrEqual(8);
    await expect(articles.first().textContent()).resolves.toMatch(/\d+ 分钟读完/);
    await screenshot(page, 'college-1440');
    await page.setViewportSize(viewports.phone);
    await screenshot(page, 'college-375');
    await page.setViewportSize(viewports.desktop);

    await page.getByText('看懂数据再迭代：完播率、互动率和下一条怎么改').click();
    await page
      .getByRole('heading', { level: 1, name: '看懂数据再迭代：完播率、互动率和下一条怎么改' })
      .waitFor();
    expect(new URL(page.url()).searchParams.get('article')).toBe('reading-data');
    await page.locator('.article-body table').waitFor();
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    await screenshot(page, 'college-article-1440');
    await page.setViewportSize(viewports.phone);
    await screenshot(page, 'college-article-375');
    await page.setViewportSize(viewports.desktop);

    await page.getByRole('button', { name: /下一篇/ }).click();
    await page.waitForURL((url) => url.searchParams.get('article') === 'content-calendar');
    await page.getByRole('button', { name: '返回文章列表' }).first().click();
    await articles.first().waitFor();

    await page.goto(`${server.url}/dashboard/college?article=no-such-article`);
    await page.getByText('这篇文章不存在').first().waitFor();
  });

  it('removes the favourite from /dashboard/collect', async () => {
    await page.goto(`${server.url}/dashboard/collect`);
    await page.getByTestId('collected-topic').first().getByRole('button', { name: '取消收藏' }).click();
    await page.getByText('还没有收藏的热点').waitFor();
    await page.getByRole('button', { name: '去热点榜看看' }).waitFor();
  });
});
