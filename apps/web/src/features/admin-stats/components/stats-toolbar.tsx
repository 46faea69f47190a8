import { DownloadOutlined } from '@ant-design/icons';
import { type StatsGranularity, statsGranularityNames } from '@app/contract';
import { Button, Segmented } from 'antd';
import { useState } from 'react';
import { type Day, DayRangePicker, dayText } from '@/components/day-range-picker';
import { type DayRange, type RangePreset, rangePresets } from '../lib/stats-range';

const granularities = (Object.keys(statsGranularityNames) as StatsGranularity[]).map((g) => ({
  value: g,
  label: statsGranularityNames[g],
}));

export interface StatsSelection {
  granularity: StatsGranularity;
  /** A preset range, or null when the admin picked the days. */
  preset: RangePreset | null;
  range: DayRange;
}

/**
 * 按日 / 按周 / 按月, a preset range or any days, and 导出 CSV. The pickers show the range in use
 * as their placeholder until days are picked; on a phone the days are two single pickers.
 */
export function StatsToolbar({
  value,
  onChange,
  onPreset,
  onExport,
  exporting,
}: {
  value: StatsSelection;
  onChange: (next: StatsSelection) => void;
  onPreset: (preset: RangePreset) => void;
  onExport: () => void;
  exporting: boolean;
}) {
  const [from, setFrom] = useState<Day | null>(null);
  const [to, setTo] = useState<Day | null>(null);

  const pickDays = (nextFrom: Day | null, nextTo: Day | null) => {
    setFrom(nextFrom);
    setTo(nextTo);
    // A range needs both ends; until then the figures stay on the last complete one.
    if (nextFrom && nextTo) {
      onChange({
        ...value,
        preset: null,
        range: { from: dayText(nextFrom)!, to: dayText(nextTo)! },
      });
    }
  };
  const choosePreset = (preset: RangePreset) => {
    setFrom(null);
    setTo(null);
    onPreset(preset);
  };
  return (
    <div className="st-toolbar" data-testid="stats-toolbar">
      <Segmented<StatsGranularity>
        aria-label="统计粒度"
        options={granularities}
        value={value.granularity}
        onChange={(granularity) => onChange({ ...value, granularity })}
      />
      <Segmented<RangePreset | 0>
        className="st-toolbar__presets"
        aria-label="时间范围"
        options={rangePresets}
        // 0: no preset chosen (the admin's own days).
        value={value.preset ?? 0}
        onChange={(preset) => preset && choosePreset(preset)}
      />
      <DayRangePicker
        className="st-toolbar__dates"
        placeholders={[value.range.from, value.range.to]}
        labels={['开始日期', '结束日期']}
        allowClear={false}
        from={from}
        to={to}
        onChange={pickDays}
      />
      <Button
        className="st-toolbar__export"
        icon={<DownloadOutlined />}
        loading={exporting}
        onClick={onExport}
        data-testid="export-csv"
      >
        导出 CSV
      </Button>
    </div>
  );
}
