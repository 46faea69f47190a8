import type { Order, Stats, StatsFigures, StatsPeriod } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDay } from '../../src/lib/china-day.ts';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { createStatsSeeder } from './admin-stats.fixtures.ts';
import { createOrder } from './order.fixtures.ts';

const ZERO: StatsFigures = {
  revenueCents: 0,
  paidOrders: 0,
  refundsCents: 0,
  refunds: 0,
  newUsers: 0,
  activeCreators: 0,
  generations: 0,
  scripts: 0,
  creditsSold: 0,
  creditsUsed: 0,
  commissionsPaidCents: 0,
};
const figures = (f: Partial<StatsFigures>): StatsFigures => ({ ...ZERO, ...f });
const only = (p: StatsPeriod): StatsFigures => {
  const { period: _p, from: _f, to: _t, ...rest } = p;
  return rest;
};

describe('admin business stats', () => {
  let t: TestApp;
  let admin: TestUser;
  const stats = (query: string, token = admin.token) =>
    t.call<Stats>({ method: 'GET', url: `/api/v1/admin/stats${query}`, token });
  const periodOf = (s: Stats, day: string) => {
    const found = s.periods.find((p) => p.period === day);
    if (!found) throw new Error(`no period ${day}`);
    return only(found);
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signIn({ nickname: '运营', admin: true });
    const seed = createStatsSeeder(t, admin.id);

    // Sign-ups: two on 3月2日 (one at 23:30 Beijing), one at 00:10 on 3月3日 (still 3月2日 in UTC),
    // one on 3月15日, and one a minute before the range opens.
    const u1 = await seed.user('2025-03-02T10:00:00', '一号');
    const u2 = await seed.user('2025-03-02T23:30:00', '二号');
    const u3 = await seed.user('2025-03-03T00:10:00', '三号');
    const u4 = await seed.user('2025-02-28T23:59:00', '四号');
    const u5 = await seed.user('2025-03-15T12:00:00', '五号');

    // Orders: 23:30 Beijing counts on that day; 00:30 the next morning on the next.
    await seed.paidOrder(u1, { amountCents: 990, credits: 10, paidAt: '2025-03-02T23:30:00' });
    await seed.paidOrder(u2, { amountCents: 9900, credits: 300, paidAt: '2025-03-03T00:30:00' });
    // Refunded whole the old way (status refunded, no refund row), the next day.
    await seed.paidOrder(u1, {
      amountCents: 69900,
      credits: 5000,
      paidAt: '2025-03-15T10:00:00',
      refundedAt: '2025-03-16T09:00:00',
    });
    const o4 = await seed.paidOrder(u5, { amountCents: 990, credits: 10, paidAt: '2025-03-20T18:00:00' });
    await seed.refund(o4, { amountCents: 500, status: 'succeeded', finishedAt: '2025-03-21T12:00:00' });
    await seed.refund(o4, { amountCents: 200, status: 'closed', finishedAt: '2025-03-22T12:00:00' });
    await seed.pendingOrder(u3, '2025-03-05T12:00:00');
    await seed.paidOrder(u4, { amountCents: 990, credits: 10, paidAt: '2025-02-28T23:00:00' });

    // Creation: u1 twice on 3月2日 (3 scripts, then none), u2 on 3月4日, u3's persona the same day,
    // u1's persona on 3月10日.
    await seed.generation(u1, '2025-03-02T12:00:00', 3);
    await seed.generation(u1, '2025-03-02T13:00:00', 0);
    await seed.generation(u2, '2025-03-04T10:00:00', 1);
    await seed.personaAnalysis(u3, '2025-03-04T09:00:00');
    await seed.personaAnalysis(u1, '2025-03-10T09:00:00');

    // Credits: 4 charged on 3月2日 and 1 given back (a failed variant); 1 on 3月4日. A purchase and an
    // order refund's take-back are not spending.
    await seed.credits(u1, -3, 'generation', '2025-03-02T12:00:00');
    await seed.credits(u1, -1, 'generation', '2025-03-02T13:00:00');
    await seed.credits(u1, 1, 'refund', '2025-03-02T13:05:00');
    await seed.credits(u2, -1, 'generation', '2025-03-04T10:00:00');
    await seed.credits(u2, 300, 'purchase', '2025-03-03T00:30:00');
    await seed.credits(u1, -5000, 'refund', '2025-03-16T09:00:00');

    // Commission paid out: 3月5日 (approved), 3月6日 (rejected: not paid), 4月1日 00:30 Beijing.
    await seed.withdrawal(u1, { amountCents: 2000, status: 'approved', decidedAt: '2025-03-05T10:00:00' });
    await seed.withdrawal(u1, { amountCents: 1000, status: 'rejected', decidedAt: '2025-03-06T10:00:00' });
    await seed.withdrawal(u2, { amountCents: 3000, status: 'approved', decidedAt: '2025-04-01T00:30:00' });

    // Commission owed now.
    await seed.distributionWallet(u1, { pending: 100, available: 200, frozen: 300 });
    await seed.distributionWallet(u2, { pending: 50, available: 0, frozen: 0 });
  });
  afterAll(() => t.close());

  const march = '?from=2025-03-01&to=2025-03-31';

  it('by day: exact figures per China day, empty days as zeros', async () => {
    const res = await stats(`${march}&granularity=day`);
    expect(res.status, res.body.message).toBe(200);
    const s = res.body.data;
    expect(s).toMatchObject({ granularity: 'day', from: '2025-03-01', to: '2025-03-31' });
    expect(s.periods).toHaveLength(31);
    expect(s.periods[0]).toMatchObject({ period: '2025-03-01', from: '2025-03-01', to: '2025-03-01' });
    expect(s.periods.at(-1)).toMatchObject({ period: '2025-03-31', from: '2025-03-31', to: '2025-03-31' });

    const expected: Record<string, StatsFigures> = {
      '2025-03-02': figures({
        revenueCents: 990,
        paidOrders: 1,
        creditsSold: 10,
        newUsers: 2,
        activeCreators: 1,
        generations: 2,
        scripts: 3,
        creditsUsed: 3,
      }),
      '2025-03-03': figures({ revenueCents: 9900, paidOrders: 1, creditsSold: 300, newUsers: 1 }),
      '2025-03-04': figures({ activeCreators: 2, generations: 1, scripts: 1, creditsUsed: 1 }),
      '2025-03-05': figures({ commissionsPaidCents: 2000 }),
      '2025-03-10': figures({ activeCreators: 1 }),
      '2025-03-15': figures({ revenueCents: 69900, paidOrders: 1, creditsSold: 5000, newUsers: 1 }),
      '2025-03-16': figures({ refundsCents: 69900, refunds: 1 }),
      '2025-03-20': figures({ revenueCents: 990, paidOrders: 1, creditsSold: 10 }),
      '2025-03-21': figures({ refundsCents: 500, refunds: 1 }),
    };
    for (const p of s.periods) {
      expect(only(p), p.period).toEqual(expected[p.period] ?? ZERO);
    }

    expect(s.totals).toEqual({
      revenueCents: 990 + 9900 + 69900 + 990,
      paidOrders: 4,
      refundsCents: 69900 + 500,
      refunds: 2,
      newUsers: 4,
      // u1, u2 and u3: distinct over the month, not the sum of the days (4).
      activeCreators: 3,
      generations: 3,
      scripts: 4,
      creditsSold: 5320,
      creditsUsed: 4,
      commissionsPaidCents: 2000,
    });
    // u1, u2 and u5 of the four who signed up in March have paid; u3 has not.
    expect(s.conversion).toEqual({ signups: 4, buyers: 3, rate: 0.75 });
    expect(s.commissionsOwed).toEqual({ pendingCents: 150, settledCents: 500, totalCents: 650 });
  });

  it('by week: Monday weeks, the first and last cut to the range', async () => {
    const s = (await stats(`${march}&granularity=week`)).body.data;
    expect(s.periods.map((p) => [p.period, p.from, p.to])).toEqual([
      ['2025-02-24', '2025-03-01', '2025-03-02'],
      ['2025-03-03', '2025-03-03', '2025-03-09'],
      ['2025-03-10', '2025-03-10', '2025-03-16'],
      ['2025-03-17', '2025-03-17', '2025-03-23'],
      ['2025-03-24', '2025-03-24', '2025-03-30'],
      ['2025-03-31', '2025-03-31', '2025-03-31'],
    ]);
    expect(s.periods.map(only)).toEqual([
      figures({
        revenueCents: 990,
        paidOrders: 1,
        creditsSold: 10,
        newUsers: 2,
        activeCreators: 1,
        generations: 2,
        scripts: 3,
        creditsUsed: 3,
      }),
      figures({
        revenueCents: 9900,
        paidOrders: 1,
        creditsSold: 300,
        newUsers: 1,
        activeCreators: 2,
        generations: 1,
        scripts: 1,
        creditsUsed: 1,
        commissionsPaidCents: 2000,
      }),
      figures({
        revenueCents: 69900,
        paidOrders: 1,
        creditsSold: 5000,
        newUsers: 1,
        activeCreators: 1,
        refundsCents: 69900,
        refunds: 1,
      }),
      figures({ revenueCents: 990, paidOrders: 1, creditsSold: 10, refundsCents: 500, refunds: 1 }),
      ZERO,
      ZERO,
    ]);
    expect(s.totals.revenueCents).toBe(81780);
    expect(s.totals.activeCreators).toBe(3);
  });

  it('by month: the edges of the range follow Beijing midnight', async () => {
    const s = (await stats('?granularity=month&from=2025-02-15&to=2025-04-10')).body.data;
    expect(s.periods.map((p) => [p.period, p.from, p.to])).toEqual([
      ['2025-02-01', '2025-02-15', '2025-02-28'],
      ['2025-03-01', '2025-03-01', '2025-03-31'],
      ['2025-04-01', '2025-04-01', '2025-04-10'],
    ]);
    // 2月28日 23:59 Beijing is February (it is still February in UTC too, but 4月1日 00:30 is not March).
    expect(periodOf(s, '2025-02-01')).toEqual(
      figures({ newUsers: 1, revenueCents: 990, paidOrders: 1, creditsSold: 10 }),
    );
    expect(periodOf(s, '2025-03-01')).toMatchObject({ revenueCents: 81780, newUsers: 4, activeCreators: 3 });
    expect(periodOf(s, '2025-04-01')).toEqual(figures({ commissionsPaidCents: 3000 }));
    expect(s.conversion).toEqual({ signups: 5, buyers: 4, rate: 0.8 });

    // A range that closes at 3月31日 leaves out what happened at 4月1日 00:30 Beijing (UTC: 3月31日).
    const march31 = (await stats('?from=2025-03-31&to=2025-03-31')).body.data;
    expect(march31.totals).toEqual(ZERO);
    expect(march31.conversion).toEqual({ signups: 0, buyers: 0, rate: null });
  });

  it('defaults to the last 30 China days by day, and counts a purchase paid through the cashier', async () => {
    const buyer = await t.signIn({ nickname: '今天的买家' });
    const order: Order = await createOrder(t, buyer, '体验包');
    await t.call({
      method: 'POST',
      url: '/api/v1/order/pay',
      token: buyer.token,
      payload: { orderId: order.id },
    });
    const paid = await t.call({ method: 'POST', url: `/api/v1/dev/pay/${order.orderNo}/confirm` });
    expect(paid.status).toBe(200);

    const s = (await stats('')).body.data;
    const today = chinaDay(new Date());
    expect(s.granularity).toBe('day');
    expect(s.to).toBe(today);
    expect(s.periods).toHaveLength(30);
    expect(s.periods.at(-1)!.period).toBe(today);
    expect(periodOf(s, today)).toMatchObject({
      revenueCents: order.amountCents,
      paidOrders: 1,
      creditsSold: order.credits,
      // the admin and the buyer signed up today (through the services, as a login would)
      newUsers: 2,
    });
    expect(s.conversion).toEqual({ signups: 2, buyers: 1, rate: 0.5 });
    expect(s.totals.revenueCents).toBe(order.amountCents);
  });

  it('exports the same figures as a CSV Excel opens: BOM, Chinese headers, yuan, a Chinese file name', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/stats.csv${march}&granularity=week`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(
      /^attachment; filename="stats-2025-03-01-2025-03-31\.csv"; filename\*=UTF-8''/,
    );
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe(
      '经营数据-按周-2025-03-01-至-2025-03-31.csv',
    );

    const text = res.rawPayload.toString('utf8').replace(/^\uFEFF/, '');
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = text
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(rows[0]).toEqual([
      '周',
      '营收（元）',
      '付费订单数',
      '退款金额（元）',
      '退款笔数',
      '新用户',
      '活跃创作者',
      '生成次数',
      '生成脚本数',
      '售出点数',
      '消耗点数',
      '已支付佣金（元）',
    ]);
    expect(rows).toHaveLength(1 + 6 + 1);
    expect(rows[1]).toEqual([
      '2025-03-01 至 2025-03-02',
      '9.90',
      '1',
      '0.00',
      '0',
      '2',
      '1',
      '2',
      '3',
      '10',
      '3',
      '0.00',
    ]);
    expect(rows[3]).toEqual([
      '2025-03-10 至 2025-03-16',
      '699.00',
      '1',
      '699.00',
      '1',
      '1',
      '1',
      '0',
      '0',
      '5000',
      '0',
      '0.00',
    ]);
    expect(rows[6]).toEqual(['2025-03-31', '0.00', '0', '0.00', '0', '0', '0', '0', '0', '0', '0', '0.00']);
    expect(rows[7]).toEqual(['合计', '817.80', '4', '704.00', '2', '4', '3', '3', '4', '5320', '4', '20.00']);

    const daily = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/stats.csv${march}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const dailyRows = daily.rawPayload.toString('utf8').trimEnd().split('\r\n');
    expect(dailyRows[0]!.replace(/^\uFEFF/, '').startsWith('日期,营收（元）,')).toBe(true);
    expect(dailyRows[3]).toBe('2025-03-03,99.00,1,0.00,0,1,0,0,0,300,0,0.00');
    expect(decodeURIComponent(String(daily.headers['content-disposition']).split("UTF-8''")[1]!)).toBe(
      '经营数据-2025-03-01-至-2025-03-31.csv',
    );
  });

  it('refuses bad ranges with a Chinese 400, on the figures and the CSV alike', async () => {
    const cases: [string, RegExp][] = [
      ['?from=2025-03-31&to=2025-03-01', /开始日期不能晚于结束日期/],
      ['?from=2024-01-01&to=2025-03-01', /最多查询 366 天/],
      ['?from=2020-01-01', /最多查询 366 天/],
      ['?from=2025-02-30&to=2025-03-01', /日期不存在/],
      ['?from=2025/03/01', /YYYY-MM-DD/],
      ['?granularity=year', /按日、按周或按月/],
      ['?days=30', /不支持的参数/],
    ];
    for (const [query, message] of cases) {
      const json = await stats(query);
      expect(json.status, query).toBe(400);
      expect(json.body.message, query).toMatch(message);
      const csv = await t.call({ method: 'GET', url: `/api/v1/admin/stats.csv${query}`, token: admin.token });
      expect(csv.status, query).toBe(400);
      expect(csv.body.message, query).toMatch(message);
    }
    // 366 days is the most: a whole leap year is fine.
    const leap = await stats('?from=2024-01-01&to=2024-12-31&granularity=month');
    expect(leap.status).toBe(200);
    expect(leap.body.data.periods).toHaveLength(12);
  });

  it('is for admins only', async () => {
    const user = await t.signIn();
    for (const url of ['/api/v1/admin/stats', '/api/v1/admin/stats.csv']) {
      const forbidden = await t.call({ method: 'GET', url, token: user.token });
      expect(forbidden.status, url).toBe(403);
      expect(forbidden.body.message).toBe('仅管理员可以进行此操作');
      const anonymous = await t.call({ method: 'GET', url });
      expect(anonymous.status, url).toBe(401);
    }
  });
});
