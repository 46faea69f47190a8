import { ADMIN_USER_KEYWORD_MAX, type AdminUserFlag, adminUserFlagNames } from '@app/contract';
import { Input, Segmented } from 'antd';
import { useState } from 'react';

export interface AdminUserFilters {
  keyword?: string;
  flag?: AdminUserFlag;
}

type FlagOption = AdminUserFlag | 'all';
const flagOptions: { value: FlagOption; label: string }[] = [
  { value: 'all', label: '全部' },
  ...(Object.keys(adminUserFlagNames) as AdminUserFlag[]).map((flag) => ({
    value: flag,
    label: adminUserFlagNames[flag],
  })),
];

/** The search box (user id, nickname or openid) and the flag the list keeps. */
export function AdminUserFiltersBar({
  value,
  onChange,
}: {
  value: AdminUserFilters;
  onChange: (next: AdminUserFilters) => void;
}) {
  const [keyword, setKeyword] = useState(value.keyword ?? '');
  return (
    <div className="au-filters" data-testid="user-filters">
      <Input.Search
        className="au-filters__search"
        placeholder="用户编号 / 昵称 / openid"
        aria-label="搜索用户"
        allowClear
        enterButton="搜索"
        maxLength={ADMIN_USER_KEYWORD_MAX}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={(text) => onChange({ ...value, keyword: text.trim() || undefined })}
      />
      <Segmented<FlagOption>
        className="au-filters__flag"
        aria-label="按身份筛选"
        options={flagOptions}
        value={value.flag ?? 'all'}
        onChange={(flag) => onChange({ ...value, flag: flag === 'all' ? undefined : flag })}
      />
    </div>
  );
}
