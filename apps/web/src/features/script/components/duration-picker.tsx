import { SCRIPT_DURATION_MAX_SEC, SCRIPT_DURATION_MIN_SEC } from '@app/contract/generation';
import { InputNumber, Segmented, Space } from 'antd';

const PRESETS = [15, 30, 60, 90, 180];

/** Common lengths at one click, any length in seconds by typing; a form control. */
export function DurationPicker({
  value = 60,
  onChange,
}: {
  value?: number;
  onChange?: (sec: number) => void;
}) {
  // A typed length that is no preset highlights none of them.
  const preset = PRESETS.includes(value) ? value : undefined;
  return (
    <Space wrap size={8}>
      <Segmented<number>
        value={preset as number}
        onChange={(v) => onChange?.(v)}
        options={PRESETS.map((p) => ({ value: p, label: p < 60 ? `${p}秒` : `${p / 60}分钟` }))}
      />
      <InputNumber
        aria-label="视频时长（秒）"
        min={SCRIPT_DURATION_MIN_SEC}
        max={SCRIPT_DURATION_MAX_SEC}
        precision={0}
        value={value}
        onChange={(v) => typeof v === 'number' && onChange?.(v)}
        suffix="秒"
        style={{ width: 110 }}
      />
    </Space>
  );
}
