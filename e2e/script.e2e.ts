import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from './helpers/app-server';
import { cspViolations, launchBrowser, screenshot, viewports } from './helpers/browser';
import { loginAs } from './helpers/login';

const TOPIC = '上班族三分钟早餐，别再饿着肚子开会';

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

const variantText = async (page: Page, i: number) =>
  (await page.getByTestId(`variant-${i}-text`).textContent()) ?? '';

/** Back to the desktop size, once the layout has switched back (side menu instead of drawer). */
async function toDesktop(page: Page) {
  await page.setViewportSize(viewports.desktop);
  await page.locator('.dashboard__sider').waitFor();
  await page.locator('.dashboard__menu-toggle').waitFor({ state: 'detached' });
}

async function goByMenu(page: Page, label: string, path: string) {
  const toggle = page.locator('.dashboard__menu-toggle');
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('menuitem', { name: label }).click();
  await page.waitForURL((url) => url.pathname === path);
}

describe('script workspace in the browser', () => {
  let server: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    // Paced so that a generation lasts long enough to leave the screen and come back while it runs.
    [server, browser] = await Promise.all([startAppServer({ LLM_PACE_MS: '30' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('generates two variants side by side, keeps streaming across screens, edits, confirms, finds it in history, downloads', async () => {
    const context = await browser.newContext({ viewport: viewports.desktop, acceptDownloads: true });
    const refused = cspViolations(context);
    const { token } = await loginAs(context, server, '早餐博主');
    // A persona made beforehand (1 of the 3 signup credits) is preselected as the default.
    const analyzed = await fetch(`${server.url}/api/v1/persona/analyze`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        platform: 'douyin',
        accountName: '早餐研究所',
        niche: '美食',
        recentTitles: ['打工人 10 元早餐'],
        goal: '三个月涨粉一万',
      }),
    });
    expect(analyzed.status).toBe(200);
    const persona = ((await analyzed.json()) as { data: { name: string } }).data;
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/script`);
    await page.getByRole('heading', { name: '脚本创作' }).waitFor();
    await page.getByText('本次消耗 1 点，当前余额 2 点').waitFor();
    await page.getByTitle(`${persona.name}（默认）`).waitFor();

    // The contract's own message before anything is sent.
    await page.getByRole('button', { name: '生成脚本' }).click();
    await page.getByText('请填写选题', { exact: false }).first().waitFor();

    await page.getByPlaceholder('写下这条视频要讲什么').fill(TOPIC);
    await page.getByRole('button', { name: /^剧情反转/ }).click();
    await page.getByText('轻反转', { exact: true }).click();
    await page.locator('label.ant-radio-button-wrapper').filter({ hasText: '2 个' }).click();
    await page.getByText('本次消耗 2 点，当前余额 2 点').waitFor();
    await shot(page, 'script-form-1440');

    // One stream per generation, for the whole visit: it is not dropped and reopened on navigation.
    const streams: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/v1\/creator\/[^/]+\/stream$/.test(new URL(r.url()).pathname)) streams.push(r.url());
    });
    await page.getByRole('button', { name: '生成脚本' }).click();
    // Both variants stream at once.
    await expect
      .poll(() => variantText(page, 0).then((t) => t.length), { timeout: 15_000 })
      .toBeGreaterThan(20);
    await expect
      .poll(() => variantText(page, 1).then((t) => t.length), { timeout: 15_000 })
      .toBeGreaterThan(20);
    expect(new URL(page.url()).searchParams.get('open')).toBeTruthy();
    await page.getByText(/正在生成 2 个版本/).waitFor();
    await screenshot(page, 'script-streaming-1440');
    await page.setViewportSize(viewports.phone);
    await screenshot(page, 'script-streaming-375');
    await toDesktop(page);

    // Away to history while it streams, then back: the workspace is as it was, and went on.
    const before = await variantText(page, 0);
    await goByMenu(page, '创作历史', '/dashboard/history');
    await page.getByRole('heading', { name: '创作历史' }).waitFor();
    await page.getByRole('tab', { name: '创作记录' }).click();
    await page.getByTestId('history-generation').first().getByText('生成中').waitFor();
    await page.waitForTimeout(1200);
    await goByMenu(page, '脚本创作', '/dashboard/script');
    await expect(page.getByPlaceholder('写下这条视频要讲什么').inputValue()).resolves.toBe(TOPIC);
    await expect(page.getByRole('button', { name: /^剧情反转/ }).getAttribute('aria-pressed')).resolves.toBe(
      'true',
    );
    await expect(page.getByRole('radio', { name: '2 个' }).isChecked()).resolves.toBe(true);
    const variant0 = page.getByTestId('variant-0');
    const after = (await variant0.getByTestId('variant-0-text').count())
      ? await variantText(page, 0)
      : 'finished';
    expect(after === 'finished' || after.length > before.length).toBe(true);
    expect(streams).toHaveLength(1);

    // Both finish; the first is in the editor.
    await page.getByTestId('variant-0').getByText('已完成').waitFor({ timeout: 60_000 });
    await page.getByTestId('variant-1').getByText('已完成').waitFor({ timeout: 60_000 });
    await page.getByText('生成完成，选一个版本编辑、确认并下载').waitFor();
    expect(streams).toHaveLength(1);
    const editor = page.getByTestId('script-editor');
    await editor.waitFor();
    await shot(page, 'script-done-1440');
    await page.setViewportSize(viewports.phone);
    await shot(page, 'script-done-375');
    await toDesktop(page);

    // Edit scene by scene: change a line and a duration, add one, move it up, remove another.
    const total = async () =>
      Number((await page.getByTestId('script-total').locator('strong').textContent())?.trim());
    const startTotal = await total();
    const sceneCount = await editor.locator('li.scene-row').count();
    await editor.getByLabel('镜头 1 台词').fill('闹钟响第三遍，你还在被窝里——早餐又没了？');
    const firstDuration = editor.getByLabel('镜头 1 时长（秒）');
    const oldFirst = Number(await firstDuration.inputValue());
    await firstDuration.fill(String(oldFirst + 3));
    await firstDuration.blur();
    await expect.poll(total).toBe(startTotal + 3);
    await editor.getByRole('button', { name: '添加镜头' }).click();
    const added = sceneCount + 1;
    await editor.getByLabel(`镜头 ${added} 画面`).fill('成品早餐摆上桌，热气腾腾，人物比了个OK');
    await editor.getByLabel(`镜头 ${added} 台词`).fill('三分钟，搞定。');
    await expect.poll(total).toBe(startTotal + 3 + 5);
    await editor.getByRole('button', { name: `镜头 ${added} 上移` }).click();
    await expect(editor.getByLabel(`镜头 ${added - 1} 台词`).inputValue()).resolves.toBe('三分钟，搞定。');
    await page.getByText('有未确认的修改').waitFor();

    await page.getByRole('button', { name: '确认脚本' }).click();
    await page.getByText('脚本已确认，可在「创作历史」中随时找到').waitFor();
    await page.getByTestId('variant-0').getByText('已确认').waitFor();
    const title = await editor.getByLabel('标题').inputValue();

    // Download from the workspace: a real .docx named after the script.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Word 文档（.docx）' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${title}.docx`);
    const file = readFileSync((await download.path())!);
    expect(file.subarray(0, 2).toString()).toBe('PK');

    // In history, confirmed; download again from there; open it back into the workspace.
    await goByMenu(page, '创作历史', '/dashboard/history');
    const item = page.getByTestId('history-script').filter({ hasText: title });
    await item.waitFor();
    await shot(page, 'history-1440');
    await item.getByRole('button', { name: '下载' }).click();
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Markdown（.md）' }).click(),
    ]);
    expect(again.suggestedFilename()).toBe(`${title}.md`);
    expect(readFileSync((await again.path())!, 'utf8')).toContain('三分钟，搞定。');
    await page.setViewportSize(viewports.phone);
    await shot(page, 'history-375');
    await toDesktop(page);

    await item.getByRole('button', { name: '打开' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/script');
    await expect(page.getByTestId('script-editor').getByLabel('标题').inputValue()).resolves.toBe(title);

    // Generate again from the same input: the form is filled with it.
    await page.getByPlaceholder('写下这条视频要讲什么').fill('别的选题');
    await goByMenu(page, '创作历史', '/dashboard/history');
    await page.getByRole('tab', { name: '创作记录' }).click();
    await page.getByTestId('history-generation').first().getByRole('button', { name: '再生成' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/script');
    await expect.poll(() => page.getByPlaceholder('写下这条视频要讲什么').inputValue()).toBe(TOPIC);
    await expect(page.getByRole('button', { name: /^剧情反转/ }).getAttribute('aria-pressed')).resolves.toBe(
      'true',
    );

    // Another screen hands a topic to the (already mounted) workspace: "写一个类似的".
    await goByMenu(page, '灵感库', '/dashboard/inspirationLibrary');
    await page.getByRole('tab', { name: '爆款灵感' }).click();
    const card = page.getByTestId('inspiration-card').first();
    await card.waitFor();
    const idea = ((await card.locator('h3').textContent()) ?? '').trim();
    await card.getByRole('button', { name: '写一个类似的' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/script');
    await expect.poll(() => page.getByPlaceholder('写下这条视频要讲什么').inputValue()).toBe(idea);

    // And the hot-topic picker inside the workspace fills it too.
    await page.getByRole('button', { name: '热点 / 收藏选题' }).click();
    const hot = page.locator('.topic-picker__item').first();
    await hot.waitFor();
    const hotTitle = ((await hot.locator('.topic-picker__title').textContent()) ?? '').trim();
    await hot.click();
    await expect.poll(() => page.getByPlaceholder('写下这条视频要讲什么').inputValue()).toBe(hotTitle);
    // The workspace's growing text areas, the editor, downloads: nothing refused by the policy.
    expect(refused).toEqual([]);
    await context.close();
  }, 180_000);
});
