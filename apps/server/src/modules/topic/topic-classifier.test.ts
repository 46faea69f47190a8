import { describe, expect, it } from 'vitest';
import { classifyTitle, DEFAULT_CATEGORY } from './topic-classifier.ts';

const known = new Set([
  'meishi',
  'meizhuang',
  'chuanda',
  'muying',
  'zhishi',
  'zhichang',
  'qinggan',
  'gaoxiao',
  'jianshen',
  'lvxing',
  'shuma',
  'jiaju',
]);

describe('hot-topic classifier', () => {
  it.each([
    ['入冬第一锅萝卜炖牛腩，家常菜做法', 'meishi'],
    ['秋冬口红色号推荐', 'meizhuang'],
    ['应届生面试被问到离职原因怎么答', 'zhichang'],
    ['新款手机发布会现场', 'shuma'],
    ['周末去古镇露营攻略', 'lvxing'],
    ['宝宝辅食添加顺序', 'muying'],
    ['小户型收纳改造', 'jiaju'],
  ])('%s → %s', (title, category) => {
    expect(classifyTitle(title, known)).toBe(category);
  });

  it('falls back to 知识 when nothing matches, and never answers an unknown category', () => {
    expect(classifyTitle('某地发生一件事', known)).toBe(DEFAULT_CATEGORY);
    expect(classifyTitle('秋冬口红色号推荐', new Set(['meishi']))).toBe('meishi');
  });
});
