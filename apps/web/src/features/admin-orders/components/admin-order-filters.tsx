import { ADMIN_ORDER_KEYWORD_MAX, type OrderStatus, orderStatusNames } from '@app/contract';
import { Button, DatePicker, type DatePickerProps, Grid, Input, Select } from 'antd';
import { useState } from 'react';
import { useProductOptions } from '../api/get-product-options';
import { type AdminOrderFilters, hasFilters } from '../lib/filters';

// One day as the pickers hold it (antd's date type), named without importing the date library.
type Day = Parameters<NonNullable<DatePickerProps['disabledDate']>>[0];

const statusOptions = (Object.keys(orderStatusNames) as OrderStatus[]).map((s) => ({
  value: s,
  label: orderStatusNames[s],
}));

/**
 * Search box (order number, user id or nickname), status, product and order dates. A wide screen
 * picks the dates as one range; a phone, whose screen a two-month range panel does not fit, as
 * two single dates.
 */
export function AdminOrderFiltersBar({
  value,
  onChange,
}: {
  value: AdminOrderFilters;
  onChange: (next: AdminOrderFilters) => void;
}) {
  const wide = Grid.useBreakpoint().md ?? true;
  const products = useProductOptions();
  const [keyword, setKeyword] = useState(value.keyword ?? '');
  // The pickers' own values; the filters keep the YYYY-MM-DD text the server takes.
  const [from, setFrom] = useState<Day | null>(null);
  const [to, setTo] = useState<Day | null>(null);
  const set = (patch: AdminOrderFilters) => onChange({ ...value, ...patch });
  const setDays = (nextFrom: Day | null, nextTo: Day | null) => {
    setFrom(nextFrom);
    setTo(nextTo);
    set({
      from: nextFrom?.format('YYYY-MM-DD') || undefined,
      to: nextTo?.format('YYYY-MM-DD') || undefined,
    });
  };
  const reset = () => {
    setKeyword('');
    setFrom(null);
    setTo(null);
    onChange({});
  };

  return (
    <div className="ao-filters" data-testid="order-filters">
      <Input.Search
        className="ao-filters__search"
        placeholder="订单号 / 用户编号 / 昵称"
        aria-label="搜索订单"
        allowClear
        enterButton="搜索"
        maxLength={ADMIN_ORDER_KEYWORD_MAX}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={(text) => set({ keyword: text.trim() || undefined })}
      />
      <Select<OrderStatus>
        className="ao-filters__status"
        aria-label="订单状态"
        placeholder="全部状态"
        allowClear
        options={statusOptions}
        value={value.status}
        onChange={(status) => set({ status })}
      />
      <Select<string>
        className="ao-filters__product"
        aria-label="商品"
        placeholder="全部商品"
        allowClear
        loading={products.isPending}
        options={products.data?.map((p) => ({ value: p.id, label: p.name }))}
        value={value.productId}
        onChange={(productId) => set({ productId })}
      />
      {wide ? (
        <DatePicker.RangePicker
          className="ao-filters__dates"
          placeholder={['下单开始日期', '结束日期']}
          value={[from, to]}
          allowEmpty={[true, true]}
          onChange={(days) => setDays(days?.[0] ?? null, days?.[1] ?? null)}
        />
      ) : (
        <div className="ao-filters__dates ao-filters__dates--split">
          <DatePicker
            placeholder="下单开始日期"
            inputReadOnly
            value={from}
            disabledDate={(d) => Boolean(to && d.isAfter(to, 'day'))}
            onChange={(day) => setDays(day ?? null, to)}
          />
          <DatePicker
            placeholder="结束日期"
            inputReadOnly
            value={to}
            disabledDate={(d) => Boolean(from && d.isBefore(from, 'day'))}
            onChange={(day) => setDays(from, day ?? null)}
          />
        </div>
      )}
      {hasFilters(value) && (
        <Button className="ao-filters__reset" onClick={reset}>
          重置
        </Button>
      )}
    </div>
  );
}
