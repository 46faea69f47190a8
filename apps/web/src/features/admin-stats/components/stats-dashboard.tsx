import { statsRangeProblem } from '@app/contract';
import { Alert, Grid, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { QueryState } from '@/components/query-state';
import { useDownloadStatsCsv } from '../api/download-stats-csv';
import { type StatsParams, useStats } from '../api/get-stats';
import { creditsOption, revenueOption, usersOption } from '../lib/chart-options';
import { presetRange } from '../lib/stats-range';
import { StatsChart } from './stats-chart';
import { StatsHeadline } from './stats-headline';
import { StatsTable } from './stats-table';
import { type StatsSelection, StatsToolbar } from './stats-toolbar';
import './admin-stats.css';

/** 经营数据: headline numbers, charts and the detail of a range of China days, and its CSV. */
export function StatsDashboard() {
  const wide = Grid.useBreakpoint().md ?? true;
  const [selection, setSelection] = useState<StatsSelection>(() => ({
    granularity: 'day',
    preset: 30,
    range: presetRange(30),
  }));
  const params: StatsParams = { granularity: selection.granularity, ...selection.range };
  const problem = statsRangeProblem(params.from, params.to);
  const query = useStats(params, problem === null);
  const download = useDownloadStatsCsv();
  const stats = query.data;
  const options = useMemo(
    () =>
      stats && { revenue: revenueOption(stats), users: usersOption(stats), credits: creditsOption(stats) },
    [stats],
  );

  return (
    <div className="st-dashboard">
      <StatsToolbar
        value={selection}
        onChange={setSelection}
        onPreset={(preset) => setSelection({ ...selection, preset, range: presetRange(preset) })}
        onExport={() => download.mutate(params)}
        exporting={download.isPending}
      />
      <div className="st-range" data-testid="stats-range">
        {params.from} 至 {params.to}（中国时间）
      </div>
      {problem ? (
        <Alert type="warning" showIcon title={problem} />
      ) : (
        <QueryState query={query} loading={<Skeleton active paragraph={{ rows: 8 }} />}>
          {(data) => (
            <>
              <StatsHeadline stats={data} />
              {options && (
                <div className="st-charts">
                  <StatsChart title="营收与退款" option={options.revenue} />
                  <StatsChart title="用户与创作" option={options.users} />
                  <StatsChart title="点数" option={options.credits} />
                </div>
              )}
              {wide && <StatsTable stats={data} />}
            </>
          )}
        </QueryState>
      )}
    </div>
  );
}
