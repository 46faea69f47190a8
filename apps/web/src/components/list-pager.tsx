import { Pagination } from 'antd';

/** The pager under every paged list: shown only when there is more than one page. */
export function ListPager(props: {
  className?: string;
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}) {
  if (props.total <= props.pageSize) return null;
  return (
    <Pagination
      className={props.className}
      current={props.page}
      pageSize={props.pageSize}
      total={props.total}
      onChange={props.onChange}
      showSizeChanger={false}
      size="small"
    />
  );
}
