import { describe, expect, it } from 'vitest';
import { knowledge } from '../knowledge/load-knowledge.ts';
import { analyzeTopic, parseCount, parseFacts, parseLengthClaim } from './topic-analysis.ts';

describe('reading a topic as a creator typed it', () => {
  it('finds the list a topic promises, and only that', () => {
    const cases: Array<[string, string | null]> = [
      ['离职前一定要办的五件事', '5件'],
      ['3个方法让焖饭不夹生', '3个'],
      ['7天早餐不重样', '7天'],
      ['三天两晚特种兵式旅行', '3天'],
      ['男生基础护肤三步走', '3步'],
      ['熬夜脸出门前急救三板斧', '3斧'],
      ['充电宝选购三大误区', '3个'],
      ['农村大席十八道硬菜上桌', '18道'],
      ['半马备赛八周训练计划', '8周'],
      // Limits, times, punchlines and durations are not lists.
      ['全身不超过三个颜色', null],
      ['胶囊衣橱只留二十件', null],
      ['二胎家庭的早上七点', null],
      ['东北人唠嗑三句变亲戚', null],
      ['一百天减重打卡挑战', null],
      ['两个人的晚餐', null],
      ['三个月瘦十斤', null],
      ['一件风衣穿出一周通勤', '5天'],
    ];
    for (const [topic, expected] of cases) {
      const count = parseCount(topic);
      expect(count ? `${count.n}${count.ordinalUnit}` : null, topic).toBe(expected);
    }
    expect(parseCount('打工人带饭一周不重样')).toMatchObject({ n: 5, weekdays: true });
    expect(parseCount('月子餐一周食谱分享')).toMatchObject({ n: 7 });
    expect(parseCount('月子餐一周食谱分享')?.weekdays).toBeUndefined();
  });

  it('reads a promised video length and the facts the creator gave', () => {
    expect(parseLengthClaim('一分钟看懂个税专项扣除')).toEqual({ sec: 60, raw: '一分钟' });
    expect(parseLengthClaim('五分钟搞定上班族早餐')).toBeUndefined(); // cooking time, not video length
    expect(parseFacts('一千块在小城能玩几天')).toEqual(['一千块']);
    expect(parseFacts('三天两晚特种兵式旅行')).toContain('三天两晚');
    expect(parseFacts('骑摩托环游全国第二年')).toEqual([]);
  });

  it('maps a topic to the subtopic that covers it, in the creator’s own words', () => {
    const k = knowledge();
    const resign = analyzeTopic('离职前一定要办的五件事', k);
    expect(resign.subtopic?.key).toBe('career/resign');
    expect(resign.core).toBe('离职');
    expect(resign.intent).toBe('list');
    expect(analyzeTopic('  裸辞之后怎么办？ ', k).subtopic?.key).toBe('career/resign');
    const unknown = analyzeTopic('新手第一次夜钓', k);
    expect(unknown.subtopic).toBeUndefined();
    expect(unknown.core).toBe('夜钓');
    expect(analyzeTopic('体制内和私企到底差在哪', k).compare).toEqual(['体制内', '私企']);
  });
});
