import { Empty, Grid, Table, type TableColumnsType, type TableProps } from 'antd';
import { Fragment, type Key, type ReactNode } from 'react';
import { ListPager } from './list-pager';
import { type QueryLike, QueryState } from './query-state';

/** One page of a paged list, as every list endpoint returns it. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

export interface ResponsiveListProps<T> {
  /** The query of the current page; its loading, error (with retry) and empty states are shown here. */
  query: QueryLike<ListPage<T>>;
  /** The key of an item, for the table rows and the cards. */
  rowKey: (item: T) => Key;
  /** The table shown from the `md` breakpoint up. Without columns the cards are shown at every width. */
  columns?: TableColumnsType<T>;
  /** Anything else the table takes (selection, scroll, loading); paging is always the pager below. */
  tableProps?: Omit<TableProps<T>, 'columns' | 'dataSource' | 'rowKey' | 'pagination'>;
  /** One item on a phone: a whole card (an `<li>` when `cardsAs` is a list), test id and all. */
  renderCard: (item: T) => ReactNode;
  /** The element around the cards. */
  cardsAs?: 'div' | 'ol' | 'ul';
  cardsClassName?: string;
  /** Shown when the list has no items at all (total 0). */
  empty?: ReactNode;
  /** Shown while the first page loads; a skeleton by default. */
  loading?: ReactNode;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  pagerClassName?: string;
}

/**
 * A paged list: an antd Table on wide screens, cards on phones, with its loading, error and empty
 * states and the pager (shown only when there is more than one page).
 */
export function ResponsiveList<T extends object>({
  query,
  rowKey,
  columns,
  tableProps,
  renderCard,
  cardsAs: Cards = 'div',
  cardsClassName,
  empty,
  loading,
  page,
  pageSize,
  onPageChange,
  pagerClassName,
}: ResponsiveListProps<T>) {
  // Before the first measurement antd reports no breakpoint: assume a wide screen, as the layout does.
  const wide = Grid.useBreakpoint().md ?? true;
  return (
    <QueryState
      query={query}
      isEmpty={(data) => data.total === 0}
      empty={empty ?? <Empty description="暂无数据" />}
      loading={loading}
    >
      {(data) => (
        <>
          {wide && columns ? (
            <Table<T>
              {...tableProps}
              rowKey={rowKey}
              dataSource={data.items}
              columns={columns}
              pagination={false}
            />
          ) : (
            <Cards className={cardsClassName}>
              {data.items.map((item) => (
                <Fragment key={rowKey(item)}>{renderCard(item)}</Fragment>
              ))}
            </Cards>
          )}
          <ListPager
            className={pagerClassName}
            page={page}
            pageSize={pageSize}
            total={data.total}
            onChange={onPageChange}
          />
        </>
      )}
    </QueryState>
  );
}
