import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeTopic } from '../apps/server/src/generation/analysis/topic-analysis';
import { knowledge } from '../apps/server/src/generation/knowledge/load-knowledge';
import { type AppServer, startAppServer } from './helpers/app-server';
import { launchBrowser, screenshot, viewports } from './helpers/browser';
import { loginAs } from './helpers/login';

/**
 * What a creator reads: three hot topics picked from the list and one typed topic, each generated
 * by the built-in engine, each script about its own topic (its own words in most lines, the list
 * it promises, nothing borrowed) and passing the automatic check shown on the card.
 */
interface Case {
  topic: string;
  /** Hot topics are picked in the list of this platform and category; typed ones are typed. */
  hot?: { platform: string; category: string };
  template: RegExp;
  /** The topic's own words: the title says one of them. */
  subject: string[];
  /** Items the topic promises, in the order they must be counted, and the one that must not follow. */
  items?: string[];
  beyond?: string;
  /** Subjects of other hot topics that must not appear. */
  foreign: string[];
}

const CASES: Case[] = [
  {
    topic: '板栗烧鸡怎么做栗子不散',
    hot: { platform: '小红书', category: '美食' },
    template: /^口播/,
    subject: ['栗', '鸡'],
    foreign: ['焖饭', '炒河粉', '空气炸锅', '牛腩', '排骨'],
  },
  {
    topic: '离职前一定要办的五件事',
    hot: { platform: '快手', category: '职场' },
    template: /^口播/,
    subject: ['离职', '交接', '年假', '工资', '社保', 'HR', '证明', '公司'],
    items: ['第一件', '第二件', '第三件', '第四件', '第五件'],
    beyond: '第六件',
    foreign: ['面试', '述职', '涨薪', '周报'],
  },
  {
    topic: '充电宝选购三个误区',
    hot: { platform: '快手', category: '数码' },
    template: /^知识科普/,
    subject: ['充电宝', '充电', '容量', '电池', '毫安', '快充'],
    items: ['第一个', '第二个', '第三个'],
    beyond: '第四个',
    foreign: ['降噪耳机', '路由器', '笔记本电脑', '折叠屏'],
  },
  {
    topic: '年终述职怎么写',
    template: /^口播/,
    subject: ['述职', '总结', '领导', '成绩', '数据', '汇报', '计划'],
    foreign: ['离职', '面试', '跳槽', '外卖'],
  },
];

function vocabularyOf(topic: string): string[] {
  const sub = analyzeTopic(topic, knowledge()).subtopic;
  if (!sub) throw new Error(`「${topic}」没有对应的子话题`);
  return [sub.subject, ...sub.match, ...sub.terms, ...sub.props, ...sub.points.map((p) => p.name)];
}

async function linesOf(page: Page): Promise<string[]> {
  const editor = page.getByTestId('script-editor');
  await editor.waitFor();
  return editor
    .getByRole('textbox', { name: /^镜头 \d+ 台词$/ })
    .evaluateAll((els) => els.map((e) => (e as HTMLTextAreaElement).value));
}

describe('scripts from hot topics and a typed topic are about their topic', () => {
  let server: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startAppServer({ LLM_PACE_MS: '0', SIGNUP_CREDITS: '10' }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('generates each one on topic, keeps its promise, and shows the automatic check passed', async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    await loginAs(context, server, '内容测试');
    const page = await context.newPage();
    for (const c of CASES) {
      await page.goto(`${server.url}/dashboard/script`);
      await page.getByRole('heading', { name: '脚本创作' }).waitFor();
      if (c.hot) {
        await page.getByRole('button', { name: '热点 / 收藏选题' }).click();
        const picker = page.locator('.workspace__picker');
        await picker.locator('.ant-segmented-item', { hasText: c.hot.platform }).click();
        await picker.getByRole('radio', { name: c.hot.category }).click();
        await picker.getByRole('button', { name: c.topic }).click();
        await expect(page.getByPlaceholder('写下这条视频要讲什么').inputValue()).resolves.toBe(c.topic);
      } else {
        await page.getByPlaceholder('写下这条视频要讲什么').fill(c.topic);
      }
      await page.getByRole('button', { name: c.template }).click();
      await page.locator('label.ant-radio-button-wrapper').filter({ hasText: '1 个' }).click();
      await page.getByRole('button', { name: '生成脚本' }).click();

      // The workspace shows the new generation, finished, and the editor holds all its scenes.
      await page.getByText(`生成结果：${c.topic}`).waitFor();
      const card = page.getByTestId('variant-0');
      await card.getByText('已完成').waitFor({ timeout: 60_000 });
      const scenes = Number(
        (await card.locator('.variant-card__meta').textContent())?.match(/(\d+) 个镜头/)?.[1],
      );
      await expect
        .poll(() =>
          page
            .getByTestId('script-editor')
            .getByRole('textbox', { name: /^镜头 \d+ 台词$/ })
            .count(),
        )
        .toBe(scenes);
      await card.getByTestId('quality-ok').waitFor();
      const title = (await card.locator('.variant-card__title').textContent()) ?? '';
      expect(c.subject.some((w) => title.includes(w)) || title.includes(c.topic), title).toBe(true);

      const lines = await linesOf(page);
      const text = lines.join('\n');
      // Most lines say the subject, in its words or those the knowledge lists for it.
      const vocabulary = vocabularyOf(c.topic);
      const about = lines.filter((l) => vocabulary.some((w) => l.includes(w)));
      expect(about.length / lines.length, text).toBeGreaterThanOrEqual(0.6);
      for (const word of c.foreign) expect(text, word).not.toContain(word);
      expect(text).not.toMatch(/【|】|XX|某某|此处/);
      if (c.items) {
        const positions = c.items.map((item) => text.indexOf(item));
        expect(
          positions.every((p, i) => p >= 0 && (i === 0 || p > (positions[i - 1] ?? 0))),
          text,
        ).toBe(true);
        if (c.beyond) expect(text).not.toContain(c.beyond);
      }
      if (c === CASES[1]) await screenshot(page, 'content-resign-1440');
    }
    await page.setViewportSize(viewports.phone);
    await page.getByTestId('variant-0').scrollIntoViewIfNeeded();
    await screenshot(page, 'content-typed-375');
  });
});
