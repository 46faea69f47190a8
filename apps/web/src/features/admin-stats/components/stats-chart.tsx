import { Empty } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';

type Chart = ReturnType<typeof import('../lib/stats-chart').init>;

/**
 * One chart, drawn with echarts once it is on screen. echarts is imported here, when a chart is
 * first drawn, so neither the home page nor the dashboard's other screens download it.
 */
export function StatsChart({ title, option }: { title: string; option: EChartsCoreOption }) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  // Bumped once the chart exists, so the option below is drawn then.
  const [ready, setReady] = useState(0);

  // Created once; it follows its box's width (a phone turned, the menu folded).
  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    import('../lib/stats-chart')
      .then(({ init }) => {
        if (disposed || !el.current) return;
        chart.current = init(el.current);
        observer = new ResizeObserver(() => chart.current?.resize());
        observer.observe(el.current);
        setReady((n) => n + 1);
      })
      .catch(() => setFailed(true));
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = undefined;
    };
  }, []);

  useEffect(() => {
    // notMerge: a shorter range must not keep the old range's extra points.
    if (ready) chart.current?.setOption(option, true);
  }, [option, ready]);

  return (
    <section className="st-chart" aria-label={title}>
      <h2 className="st-chart__title">{title}</h2>
      {failed ? (
        <Empty description="图表加载失败，请刷新页面重试" />
      ) : (
        <div
          ref={el}
          className="st-chart__plot"
          role="img"
          aria-label={`${title}图`}
          data-testid="stats-chart"
        />
      )}
    </section>
  );
}
