import { ClockCircleOutlined } from '@ant-design/icons';
import { Empty } from 'antd';
import { QueryState } from '@/components/query-state';
import { useArticles } from '../api/get-articles';
import './college.css';

/** The academy's articles as cards, in reading order; clicking one opens it. */
export function ArticleList({ onOpen }: { onOpen: (slug: string) => void }) {
  const query = useArticles();
  return (
    <QueryState
      query={query}
      isEmpty={(d) => d.items.length === 0}
      empty={<Empty description="文章正在整理中，稍后再来" style={{ padding: '48px 0' }} />}
    >
      {(data) => (
        <ol className="article-list">
          {data.items.map((a, i) => (
            <li key={a.slug}>
              <a
                className="article-card"
                href={`?article=${a.slug}`}
                onClick={(e) => {
                  // A real link (open in new tab works); a plain click stays in the app.
                  if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                  e.preventDefault();
                  onOpen(a.slug);
                }}
              >
                <span className="article-card__index">{String(i + 1).padStart(2, '0')}</span>
                <span className="article-card__body">
                  <span className="article-card__meta">
                    <span className="article-card__category">{a.category}</span>
                    <span>
                      <ClockCircleOutlined /> {a.readingMinutes} 分钟读完
                    </span>
                  </span>
                  <span className="article-card__title">{a.title}</span>
                  <span className="article-card__summary">{a.summary}</span>
                </span>
              </a>
            </li>
          ))}
        </ol>
      )}
    </QueryState>
  );
}
