import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from './helpers/app-server';
import { cspViolations, launchBrowser, screenshot, viewports } from './helpers/browser';
import { loginAs } from './helpers/login';

const account = {
  accountName: '阿满的厨房',
  niche: '美食',
  followers: '12800',
  bio: '下班后 15 分钟做一顿饭',
  titles: '打工人 10 元早餐\n一口锅搞定三菜一汤',
  goal: '三个月涨粉一万，接美食品牌合作',
};

/** Full-page shots from the top, so the sticky header is not painted over the middle. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

async function fillAnalysisForm(page: Page, platform: string) {
  const form = page.getByRole('form', { name: '账号分析' });
  // The radio input itself is visually hidden behind its button-styled label.
  await form.locator('label.ant-radio-button-wrapper').filter({ hasText: platform }).click();
  await expect(form.getByRole('radio', { name: platform }).isChecked()).resolves.toBe(true);
  await form.getByLabel('账号名称').fill(account.accountName);
  await form.getByLabel('账号领域').fill(account.niche);
  await form.getByLabel('粉丝数').fill(account.followers);
  await form.getByLabel('账号简介').fill(account.bio);
  await form.getByLabel('近期作品标题').fill(account.titles);
  await form.getByLabel('账号目标').fill(account.goal);
  return form;
}

describe('persona screens in the browser', () => {
  let server: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    // Paced so that the stream lasts long enough to be seen (and photographed) as it arrives.
    [server, browser] = await Promise.all([startAppServer({ LLM_PACE_MS: '25' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('analyses an account: text streams in, then the persona card with its radar; it is in my personas', async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    const refused = cspViolations(context);
    await loginAs(context, server, '阿满');
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/account`);
    await page.getByRole('heading', { name: '账号分析' }).waitFor();
    // A new user's 3 signup credits, and what an analysis costs.
    await page.getByText('本次分析消耗 1 点，当前余额 3 点').waitFor();
    await shot(page, 'account-empty-1440');

    // The contract's own messages, before anything is sent.
    const form = page.getByRole('form', { name: '账号分析' });
    await form.getByRole('button', { name: '开始分析' }).click();
    await form.getByText('请填写账号名称').waitFor();
    await form.getByText('请填写账号目标，例如：三个月涨粉一万').waitFor();

    await fillAnalysisForm(page, '小红书');
    await form.getByRole('button', { name: '开始分析' }).click();
    const stream = page.getByTestId('persona-stream');
    await stream.waitFor();
    await stream
      .getByText(/\S{6,}/)
      .first()
      .waitFor();
    const partial = (await stream.textContent()) ?? '';
    await shot(page, 'account-streaming-1440');

    const card = page.getByTestId('persona-card');
    await card.waitFor({ timeout: 30_000 });
    expect(partial.length).toBeGreaterThan(0);
    const radar = card.getByTestId('persona-radar');
    await radar.waitFor();
    const label = (await radar.getAttribute('aria-label')) ?? '';
    for (const axis of ['专业度', '亲和力', '娱乐性', '稀缺性', '转化力']) expect(label).toContain(axis);
    await expect(radar.locator('polygon').count()).resolves.toBe(5);
    await card.getByText('小红书', { exact: true }).waitFor();
    await card.getByText('默认人设').waitFor();
    for (const heading of ['账号定位', '目标受众', '语气风格', '内容支柱', '爆款标题公式', '变现路径']) {
      await card.getByRole('heading', { name: heading }).waitFor();
    }
    const name = (await card.locator('.persona-card__name').textContent()) ?? '';
    expect(name.length).toBeGreaterThan(0);
    await page.getByText('本次分析消耗 1 点，当前余额 2 点').waitFor();
    await shot(page, 'account-persona-1440');
    await page.setViewportSize(viewports.phone);
    await shot(page, 'account-persona-375');
    await page.setViewportSize(viewports.desktop);

    await card.getByRole('button', { name: '查看我的人设' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/charactor');
    await page.getByRole('heading', { name: '我的人设' }).waitFor();
    const item = page.getByTestId('persona-item').filter({ hasText: name });
    await item.waitFor();
    await item.getByText('默认人设').waitFor();
    await item.getByTestId('persona-radar').waitFor();
    await shot(page, 'charactor-1440');
    expect(refused).toEqual([]);
    await context.close();
  });

  it('sets the default, renames, and deletes after confirming on /dashboard/charactor', async () => {
    const context = await browser.newContext({ viewport: viewports.phone });
    const { token } = await loginAs(context, server, '小北');
    // Two personas made through the API (JSON answer), the second for another platform.
    for (const platform of ['douyin', 'kuaishou']) {
      const res = await fetch(`${server.url}/api/v1/persona/analyze`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          platform,
          accountName: `小北的${platform === 'douyin' ? '抖音' : '快手'}号`,
          niche: '数码',
          recentTitles: [],
          goal: '做数码测评接广告',
        }),
      });
      expect(res.status).toBe(200);
    }
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/charactor`);
    const items = page.getByTestId('persona-item');
    await items.nth(1).waitFor();
    await expect(items.count()).resolves.toBe(2);
    await shot(page, 'charactor-375');

    // The first one made is the default; make the kuaishou one the default instead.
    const kuaishou = items.filter({ hasText: '小北的快手号' });
    await kuaishou.getByRole('button', { name: '设为默认' }).click();
    await kuaishou.getByText('默认人设').waitFor();
    await expect(page.getByText('默认人设', { exact: true }).count()).resolves.toBe(1);
    // The default is listed first.
    await expect(items.first().textContent()).resolves.toContain('小北的快手号');

    await kuaishou.getByRole('button', { name: '重命名' }).click();
    const dialog = page.getByRole('dialog', { name: '重命名人设' });
    await dialog.getByLabel('人设名称').fill('数码测评小北');
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    await items.filter({ hasText: '数码测评小北' }).waitFor();

    await items.filter({ hasText: '数码测评小北' }).getByRole('button', { name: '查看' }).click();
    const detail = page.getByRole('dialog', { name: '人设详情' });
    await detail.getByTestId('persona-radar').waitFor();
    await page.waitForTimeout(500); // let the opening animation finish before the picture
    await shot(page, 'charactor-detail-375');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });

    const douyin = items.filter({ hasText: '小北的抖音号' });
    await douyin.getByRole('button', { name: '删除' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定删除人设' });
    await confirm.waitFor();
    await page.waitForTimeout(500);
    await shot(page, 'charactor-delete-375');
    await confirm.getByRole('button', { name: /^删\s?除$/ }).click();
    await douyin.waitFor({ state: 'detached' });
    await expect(items.count()).resolves.toBe(1);
    await context.close();
  });

  it('with no credits left shows the reason and a way to the goods page', async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    const { token } = await loginAs(context, server, '没点数的小南');
    const spend = () =>
      fetch(`${server.url}/api/v1/persona/analyze`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          platform: 'douyin',
          accountName: '小南',
          niche: '旅行',
          recentTitles: [],
          goal: '涨粉',
        }),
      });
    for (let i = 0; i < 3; i++) expect((await spend()).status).toBe(200);

    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/account`);
    await page.getByRole('heading', { name: '账号分析' }).waitFor();
    // The check says so before trying…
    await page.getByRole('alert').filter({ hasText: '创作点数不足' }).first().waitFor();
    // …and the server's 422 says so when trying anyway; nothing is generated.
    await fillAnalysisForm(page, '抖音');
    await page.getByRole('button', { name: '开始分析' }).click();
    const notices = page
      .getByRole('alert')
      .filter({ hasText: '创作点数不足，请前往「商品」页购买点数后再试' });
    await page
      .locator('.account-screen__result')
      .getByRole('alert')
      .filter({ hasText: '创作点数不足' })
      .waitFor();
    // Shown once: the hint under the button gives way to the server's refusal.
    await expect(notices.count()).resolves.toBe(1);
    await page.getByTestId('persona-stream').waitFor({ state: 'detached' });
    await expect(page.getByTestId('persona-card').count()).resolves.toBe(0);
    await shot(page, 'account-no-credits-1440');
    await page.setViewportSize(viewports.phone);
    await shot(page, 'account-no-credits-375');
    await notices.first().getByRole('button', { name: '去购买点数' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/commodity');
    await context.close();
  });
});
