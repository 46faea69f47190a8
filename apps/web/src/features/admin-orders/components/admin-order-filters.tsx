import { ADMIN_ORDER_KEYWORD_MAX, type OrderStatus, orderStatusNames } from '@app/contract';
import { Button, Input, Select } from 'antd';
import { useState } from 'react';
import { type Day, DayRangePicker, dayText } from '@/components/day-range-picker';
import { useProductOptions } from '../api/get-product-options';
import { type AdminOrderFilters, hasFilters } from '../lib/filters';

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
      from: dayText(nextFrom),
      to: dayText(nextTo),
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
      <DayRangePicker
        className="ao-filters__dates"
        placeholders={['下单开始日期', '结束日期']}
        from={from}
        to={to}
        onChange={setDays}
      />
      {hasFilters(value) && (
        <Button className="ao-filters__reset" onClick={reset}>
          重置
        </Button>
      )}
    </div>
  );
}
