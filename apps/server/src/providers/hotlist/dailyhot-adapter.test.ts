import { describe, expect, it } from 'vitest';
import { parseRoutes } from './create-hotlist-sources.ts';
import { dailyHotAdapter, parseHeat } from './dailyhot-adapter.ts';

describe('DailyHotApi adapter', () => {
  it('reads heat as numbers, numeric text and 万/亿 text', () => {
    expect(parseHeat(1234)).toBe(1234);
    expect(parseHeat('5,678')).toBe(5678);
    expect(parseHeat('12.3万')).toBe(123_000);
    expect(parseHeat('1.2亿热度')).toBe(120_000_000);
    expect(parseHeat('热')).toBeUndefined();
    expect(parseHeat(-1)).toBeUndefined();
    expect(parseHeat(null)).toBeUndefined();
  });

  it('maps items, skips broken and repeated ones, keeps order when heat is missing', () => {
    const entries = dailyHotAdapter.parse({
      code: 200,
      data: [
        { id: 1, title: '  第一  条 ', hot: undefined },
        { id: 1, title: '重复的 id' },
        { title: 42 },
        { id: 'b', title: '第二条' },
      ],
    });
    expect(entries).toEqual([
      { id: '1', title: '第一 条', heat: 4 },
      { id: 'b', title: '第二条', heat: 1 },
    ]);
  });

  it('refuses answers that are not a DailyHotApi list', () => {
    expect(() => dailyHotAdapter.parse({ code: 500, message: 'x' })).toThrow(/not a DailyHotApi answer/);
    expect(() => dailyHotAdapter.parse([])).toThrow(/not a DailyHotApi answer/);
    expect(() => dailyHotAdapter.parse({ code: 200, data: [{ nope: 1 }] })).toThrow(/no usable items/);
  });

  it('parses the platform=route map', () => {
    expect(parseRoutes('douyin=douyin, kuaishou=kuaishou')).toEqual([
      { platform: 'douyin', route: 'douyin' },
      { platform: 'kuaishou', route: 'kuaishou' },
    ]);
    expect(() => parseRoutes('weibo=weibo')).toThrow(/HOTLIST_ROUTES/);
  });
});
