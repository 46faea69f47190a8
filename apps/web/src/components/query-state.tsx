import { Button, Empty, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';

/** The part of a TanStack Query result the states need (any `useQuery` result fits). */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** When true the data counts as empty and `empty` is shown. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}

/** Loading, error (with retry) and empty states for any list or detail, in one place. */
export function QueryState<T>({ query, isEmpty, empty, loading, children }: QueryStateProps<T>) {
  if (query.isPending) return <>{loading ?? <Skeleton active paragraph={{ rows: 6 }} />}</>;
  if (query.isError || query.data === undefined) {
    return (
      <Result
        status="warning"
        title="加载失败"
        subTitle={errorMessage(query.error)}
        extra={<Button onClick={() => query.refetch()}>重新加载</Button>}
      />
    );
  }
  if (isEmpty?.(query.data)) return <>{empty ?? <Empty description="暂无数据" />}</>;
  return <>{children(query.data)}</>;
}
