import { DatePicker, type DatePickerProps, Grid } from 'antd';

/** One day as the pickers hold it (antd's date type), named without importing the date library. */
export type Day = Parameters<NonNullable<DatePickerProps['disabledDate']>>[0];

/** The YYYY-MM-DD the server takes, or undefined for a day not picked. */
export const dayText = (day: Day | null) => day?.format('YYYY-MM-DD') || undefined;

/**
 * A range of days: one range picker on a wide screen; on a phone, which a two-month panel does not
 * fit, two single pickers that cannot cross each other. `className` goes on the picker (or the
 * pair), `className--split` is added for the pair.
 */
export function DayRangePicker({
  from,
  to,
  onChange,
  placeholders,
  labels = placeholders,
  className,
  allowClear = true,
}: {
  from: Day | null;
  to: Day | null;
  onChange: (from: Day | null, to: Day | null) => void;
  placeholders: [string, string];
  /** What a screen reader calls the two ends; the placeholders by default. */
  labels?: [string, string];
  className: string;
  allowClear?: boolean;
}) {
  const wide = Grid.useBreakpoint().md ?? true;
  if (wide) {
    return (
      <DatePicker.RangePicker
        className={className}
        aria-label={`${labels[0]}至${labels[1]}`}
        placeholder={placeholders}
        value={[from, to]}
        allowEmpty={[allowClear, allowClear]}
        allowClear={allowClear}
        onChange={(days) => onChange(days?.[0] ?? null, days?.[1] ?? null)}
      />
    );
  }
  return (
    <div className={`${className} ${className}--split`}>
      <DatePicker
        placeholder={placeholders[0]}
        aria-label={labels[0]}
        inputReadOnly
        allowClear={allowClear}
        value={from}
        disabledDate={(d) => Boolean(to && d.isAfter(to, 'day'))}
        onChange={(day) => onChange(day ?? null, to)}
      />
      <DatePicker
        placeholder={placeholders[1]}
        aria-label={labels[1]}
        inputReadOnly
        allowClear={allowClear}
        value={to}
        disabledDate={(d) => Boolean(from && d.isBefore(from, 'day'))}
        onChange={(day) => onChange(from, day ?? null)}
      />
    </div>
  );
}
