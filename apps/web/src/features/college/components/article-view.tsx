import { ArrowLeftOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { Button, Result, Skeleton } from 'antd';
import { errorMessage } from '@/lib/api-client';
import { useArticle } from '../api/get-article';
import { ArticleMarkdown } from './article-markdown';
import './college.css';

/** One article: title, category, reading time, the body, and the next/previous article. */
export function ArticleView({
  slug,
  onOpen,
  onBack,
}: {
  slug: string;
  onOpen: (slug: string) => void;
  onBack: () => void;
}) {
  const query = useArticle(slug);
  const back = (
    <Button type="link" icon={<ArrowLeftOutlined />} onClick={onBack} className="article-view__back">
      返回文章列表
    </Button>
  );
  if (query.isPending) {
    return (
      <div className="article-view">
        {back}
        <Skeleton active title paragraph={{ rows: 12 }} />
      </div>
    );
  }
  if (query.isError) {
    const missing = (query.error as { response?: { status?: number } }).response?.status === 404;
    return (
      <Result
        status={missing ? '404' : 'warning'}
        title={missing ? '这篇文章不存在' : '文章加载失败'}
        subTitle={errorMessage(query.error)}
        extra={
          <>
            <Button onClick={onBack}>返回文章列表</Button>
            {!missing && (
              <Button type="primary" onClick={() => query.refetch()}>
                重新加载
              </Button>
            )}
          </>
        }
      />
    );
  }
  const article = query.data;
  return (
    <article className="article-view">
      {back}
      <header className="article-view__head">
        <div className="article-card__meta">
          <span className="article-card__category">{article.category}</span>
          <span>
            <ClockCircleOutlined /> 约 {article.readingMinutes} 分钟读完
          </span>
        </div>
        <h1 className="article-view__title">{article.title}</h1>
        <p className="article-view__summary">{article.summary}</p>
      </header>
      <ArticleMarkdown markdown={article.markdown} />
      <nav className="article-view__nav" aria-label="上一篇和下一篇">
        {article.prev ? (
          <button type="button" className="article-view__link" onClick={() => onOpen(article.prev!.slug)}>
            <span>上一篇</span>
            {article.prev.title}
          </button>
        ) : (
          <span />
        )}
        {article.next && (
          <button
            type="button"
            className="article-view__link is-next"
            onClick={() => onOpen(article.next!.slug)}
          >
            <span>下一篇</span>
            {article.next.title}
          </button>
        )}
      </nav>
    </article>
  );
}
