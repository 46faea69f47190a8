import type { Earnings } from '@app/contract';
import { Button, Empty, Segmented, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { formatYuan } from '@/lib/format';
import { useEarnings } from '../api/get-earnings';
import './referral.css';

const ranges = [
  { label: '近 7 天', value: 7 },
  { label: '近 30 天', value: 30 },
  { label: '近 90 天', value: 90 },
];

type Chart = ReturnType<typeof import('../lib/line-chart').init>;

function Plot({ earnings }: { earnings: Earnings }) {
  const el = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let chart: Chart | undefined;
    let disposed = false;
    const onResize = () => chart?.resize();
    // echarts is imported here, when the chart is first drawn, not with the page.
    import('../lib/line-chart')
      .then(({ init }) => {
        if (disposed || !el.current) return;
        chart = init(el.current);
        const dates = earnings.points.map((p) => p.date.slice(5));
        let running = 0;
        const cumulative = earnings.points.map((p) => {
          running += p.earnedCents;
          return running / 100;
        });
        chart.setOption({
          color: ['#613ceb', '#52c41a'],
          legend: { top: 0, left: 0, itemWidth: 14, itemHeight: 8 },
          grid: { left: 48, right: 16, top: 36, bottom: 28 },
          tooltip: {
            trigger: 'axis',
            valueFormatter: (v: unknown) => formatYuan(Math.round(Number(v) * 100)),
          },
          xAxis: { type: 'category', data: dates, boundaryGap: false },
          yAxis: { type: 'value', axisLabel: { formatter: '¥{value}' } },
          series: [
            {
              name: '当日佣金',
              type: 'line',
              smooth: false,
              showSymbol: false,
              areaStyle: { opacity: 0.12 },
              data: earnings.points.map((p) => p.earnedCents / 100),
            },
            { name: '累计', type: 'line', smooth: false, showSymbol: false, data: cumulative },
          ],
        });
        window.addEventListener('resize', onResize);
      })
      .catch(() => setFailed(true));
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [earnings]);

  if (failed) return <Empty description="图表加载失败，请刷新页面重试" />;
  return <div ref={el} className="ref-chart" role="img" aria-label="收益走势图" />;
}

/** Commission earned per day (pending and settled), with its running total. */
export function EarningsChart() {
  const [days, setDays] = useState(30);
  const query = useEarnings(days);
  const total = query.data?.points.reduce((s, p) => s + p.earnedCents, 0) ?? 0;

  return (
    <section className="ref-panel" aria-label="收益走势">
      <div className="ref-panel__head">
        <h2 className="ref-panel__title">
          收益走势{query.data && <span className="ref-share__hint">（合计 {formatYuan(total)}）</span>}
        </h2>
        <Segmented size="small" options={ranges} value={days} onChange={(v) => setDays(Number(v))} />
      </div>
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : query.isError ? (
        <Empty description="收益数据加载失败">
          <Button onClick={() => query.refetch()}>重新加载</Button>
        </Empty>
      ) : total === 0 ? (
        <Empty
          description={`近 ${days} 天还没有佣金收入，分享你的链接试试吧`}
          style={{ padding: '40px 0' }}
        />
      ) : (
        <Plot earnings={query.data} />
      )}
    </section>
  );
}
