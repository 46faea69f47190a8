import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { QueryLike } from './query-state';
import { type ListPage, ResponsiveList } from './responsive-list';

interface Row {
  id: string;
  name: string;
}

let wide = true;

beforeAll(() => {
  // antd's breakpoints read media queries (jsdom has none): `wide` decides whether min-width ones match.
  window.matchMedia = ((query: string) => ({
    matches: wide && query.includes('min-width'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  })) as never;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as never;
});
afterEach(cleanup);

const rows = (n: number, from = 0): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: `r${from + i}`, name: `第${from + i + 1}行` }));

function settled(data: ListPage<Row>): QueryLike<ListPage<Row>> {
  return { isPending: false, isError: false, error: null, data, refetch: vi.fn() };
}

function List(props: {
  query: QueryLike<ListPage<Row>>;
  withColumns?: boolean;
  onPageChange?: (page: number) => void;
}) {
  return (
    <ResponsiveList<Row>
      query={props.query}
      rowKey={(r) => r.id}
      columns={props.withColumns === false ? undefined : [{ title: '名称', dataIndex: 'name' }]}
      renderCard={(r) => <article data-testid="row-card">{r.name}</article>}
      cardsClassName="cards"
      empty={<p>空空如也</p>}
      page={1}
      pageSize={2}
      onPageChange={props.onPageChange ?? (() => {})}
    />
  );
}

describe('ResponsiveList', () => {
  it('shows a table on a wide screen', () => {
    wide = true;
    render(<List query={settled({ items: rows(2), total: 2 })} />);
    expect(screen.getByRole('columnheader', { name: '名称' })).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByTestId('row-card')).toBeNull();
  });

  it('shows cards on a phone, and everywhere when it has no columns', () => {
    wide = false;
    render(<List query={settled({ items: rows(2), total: 2 })} />);
    expect(screen.getAllByTestId('row-card').map((c) => c.textContent)).toEqual(['第1行', '第2行']);
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();

    wide = true;
    const { container } = render(<List query={settled({ items: rows(2), total: 2 })} withColumns={false} />);
    expect(screen.getAllByTestId('row-card')).toHaveLength(2);
    expect(container.querySelector('div.cards')).not.toBeNull();
  });

  it('shows the pager only when there is more than one page, and reports the page chosen', () => {
    wide = true;
    const onPageChange = vi.fn();
    render(<List query={settled({ items: rows(2), total: 5 })} onPageChange={onPageChange} />);
    fireEvent.click(screen.getByTitle('3'));
    expect(onPageChange.mock.calls[0]?.[0]).toBe(3);
    cleanup();

    render(<List query={settled({ items: rows(2), total: 2 })} />);
    expect(screen.queryByTitle('2')).toBeNull();
  });

  it('shows the empty state when the list has nothing', () => {
    render(<List query={settled({ items: [], total: 0 })} />);
    expect(screen.getByText('空空如也')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a skeleton while loading and the error with a retry', () => {
    const { container } = render(
      <List query={{ isPending: true, isError: false, error: null, data: undefined, refetch: vi.fn() }} />,
    );
    expect(container.querySelector('.ant-skeleton')).not.toBeNull();
    cleanup();

    const refetch = vi.fn();
    render(
      <List
        query={{ isPending: false, isError: true, error: new Error('网络不通'), data: undefined, refetch }}
      />,
    );
    expect(screen.getByText('加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重新加载/ }));
    expect(refetch).toHaveBeenCalled();
  });
});
