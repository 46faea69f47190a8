import { type AuditAction, auditActionNames } from '@app/contract';
import { Button, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { type Day, DayRangePicker, dayText } from '@/components/day-range-picker';

/** What the admin has chosen above the log; empty means "all". Days are China days, `to` included. */
export interface AuditFilters {
  action?: AuditAction;
  targetId?: string;
  from?: string;
  to?: string;
}

export const hasAuditFilters = (f: AuditFilters) => Object.values(f).some(Boolean);

const actionOptions = (Object.keys(auditActionNames) as AuditAction[]).map((a) => ({
  value: a,
  label: auditActionNames[a],
}));

/**
 * Action, dates and the object's number (an order number, a user's or an application's id). A wide
 * screen picks the dates as one range; a phone, which a two-month panel does not fit, as two days.
 */
export function AuditFiltersBar({
  value,
  onChange,
}: {
  value: AuditFilters;
  onChange: (next: AuditFilters) => void;
}) {
  const [targetId, setTargetId] = useState(value.targetId ?? '');
  const [from, setFrom] = useState<Day | null>(null);
  const [to, setTo] = useState<Day | null>(null);
  // The target can also be set from the list ("只看该对象"): show it in the box.
  useEffect(() => setTargetId(value.targetId ?? ''), [value.targetId]);

  const set = (patch: AuditFilters) => onChange({ ...value, ...patch });
  const setDays = (nextFrom: Day | null, nextTo: Day | null) => {
    setFrom(nextFrom);
    setTo(nextTo);
    set({
      from: dayText(nextFrom),
      to: dayText(nextTo),
    });
  };
  const reset = () => {
    setTargetId('');
    setFrom(null);
    setTo(null);
    onChange({});
  };

  return (
    <div className="al-filters" data-testid="audit-filters">
      <Select<AuditAction>
        className="al-filters__action"
        aria-label="操作类型"
        placeholder="全部操作"
        allowClear
        options={actionOptions}
        value={value.action}
        onChange={(action) => set({ action })}
      />
      <DayRangePicker
        className="al-filters__dates"
        placeholders={['开始日期', '结束日期']}
        from={from}
        to={to}
        onChange={setDays}
      />
      <Input.Search
        className="al-filters__target"
        placeholder="订单号 / 用户编号 / 申请编号"
        aria-label="按对象编号查找"
        allowClear
        enterButton="查找"
        maxLength={80}
        value={targetId}
        onChange={(e) => setTargetId(e.target.value)}
        onSearch={(text) => set({ targetId: text.trim() || undefined })}
      />
      {hasAuditFilters(value) && (
        <Button className="al-filters__reset" onClick={reset}>
          重置
        </Button>
      )}
    </div>
  );
}
