import type { InspirationItem, InspirationSort } from '@app/contract';
import { Empty, Pagination, Segmented, Spin, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { useInspirationCategories } from '../api/get-inspiration-categories';
import { useInspirationList } from '../api/get-inspiration-list';
import { InspirationCard } from './inspiration-card';
import './inspiration.css';

const PAGE_SIZE = 12;
const ALL = 'all';
const sorts: { label: string; value: InspirationSort }[] = [
  { label: '热度最高', value: 'heat' },
  { label: '点赞最多', value: 'likes' },
  { label: '最新发布', value: 'recent' },
];
const isSort = (v: string | null): v is InspirationSort => sorts.some((s) => s.value === v);

/**
 * 爆款灵感: viral posts by niche, sortable, paged. Category, sort and page live in the URL, so
 * coming back from the workspace lands on the same page.
 */
export function InspirationBoard({ onWriteSimilar }: { onWriteSimilar: (item: InspirationItem) => void }) {
  const [params, setParams] = useSearchParams();
  const categoryId = params.get('cat') ?? undefined;
  const sortParam = params.get('sort');
  const sort: InspirationSort = isSort(sortParam) ? sortParam : 'heat';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const update = (next: Record<string, string | undefined>) =>
    setParams(
      (prev) => {
        const merged = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) {
          if (v === undefined) merged.delete(k);
          else merged.set(k, v);
        }
        return merged;
      },
      { replace: true },
    );

  const categories = useInspirationCategories();
  const query = useInspirationList({ categoryId, sort, page, pageSize: PAGE_SIZE });
  const names = Object.fromEntries((categories.data ?? []).map((c) => [c.id, c.name]));
  const total = (categories.data ?? []).reduce((n, c) => n + c.count, 0);

  return (
    <section className="idea-board" aria-label="爆款灵感">
      <Tabs
        className="idea-board__tabs"
        activeKey={categoryId ?? ALL}
        onChange={(key) => update({ cat: key === ALL ? undefined : key, page: undefined })}
        items={[
          { key: ALL, label: total ? `全部 ${total}` : '全部' },
          ...(categories.data ?? []).map((c) => ({ key: c.id, label: `${c.name} ${c.count}` })),
        ]}
      />
      <div className="idea-board__toolbar">
        <Segmented
          aria-label="排序"
          value={sort}
          options={sorts}
          onChange={(v) => update({ sort: v === 'heat' ? undefined : v, page: undefined })}
        />
        {query.data && <span className="idea-board__count">共 {query.data.total} 条</span>}
      </div>
      <QueryState
        query={query}
        isEmpty={(d) => d.total === 0}
        empty={<Empty description="这个分类还没有收录内容" style={{ padding: '48px 0' }} />}
      >
        {(data) => (
          <Spin spinning={query.isFetching && query.isPlaceholderData} delay={200}>
            {data.items.length === 0 ? (
              <Empty description="这一页没有内容了，回到第一页看看" style={{ padding: '48px 0' }} />
            ) : (
              <div className="idea-board__grid">
                {data.items.map((item) => (
                  <InspirationCard
                    key={item.id}
                    item={item}
                    categoryName={categoryId ? undefined : names[item.categoryId]}
                    onWriteSimilar={onWriteSimilar}
                  />
                ))}
              </div>
            )}
            {data.total > PAGE_SIZE && (
              <Pagination
                className="idea-board__pager"
                current={page}
                pageSize={PAGE_SIZE}
                total={data.total}
                showSizeChanger={false}
                onChange={(p) => {
                  update({ page: p === 1 ? undefined : String(p) });
                  window.scrollTo({ top: 0, behavior: 'smooth' });
                }}
              />
            )}
          </Spin>
        )}
      </QueryState>
    </section>
  );
}
