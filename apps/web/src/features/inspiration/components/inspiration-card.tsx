import { CommentOutlined, FireFilled, HeartOutlined, ShareAltOutlined } from '@ant-design/icons';
import type { InspirationItem } from '@app/contract';
import { platformNames } from '@app/contract/generation';
import { Button } from 'antd';
import { formatCount } from '@/lib/format';

const dateOf = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** One viral post: what it said first (the hook) is what a creator comes here to learn. */
export function InspirationCard({
  item,
  categoryName,
  onWriteSimilar,
}: {
  item: InspirationItem;
  categoryName?: string;
  onWriteSimilar: (item: InspirationItem) => void;
}) {
  return (
    <article className="idea-card" data-testid="inspiration-card">
      <header className="idea-card__head">
        <span className={`idea-card__platform is-${item.platform}`}>{platformNames[item.platform]}</span>
        <span className="idea-card__author">@{item.author}</span>
        <time className="idea-card__date" dateTime={item.publishedAt}>
          {dateOf(item.publishedAt)}
        </time>
        <span className="idea-card__heat" title="热度">
          <FireFilled /> {formatCount(item.heat)}
        </span>
      </header>
      <h3 className="idea-card__title">{item.title}</h3>
      <blockquote className="idea-card__hook">
        <span className="idea-card__hook-label">开头钩子</span>
        {item.hook}
      </blockquote>
      <div className="idea-card__tags">
        {categoryName && <span className="idea-card__tag is-category">{categoryName}</span>}
        {item.tags.map((tag) => (
          <span key={tag} className="idea-card__tag">
            #{tag}
          </span>
        ))}
      </div>
      <footer className="idea-card__foot">
        <span className="idea-card__stats">
          <span title="点赞">
            <HeartOutlined /> {formatCount(item.likes)}
          </span>
          <span title="评论">
            <CommentOutlined /> {formatCount(item.comments)}
          </span>
          <span title="转发">
            <ShareAltOutlined /> {formatCount(item.shares)}
          </span>
        </span>
        <Button type="primary" size="small" onClick={() => onWriteSimilar(item)}>
          写一个类似的
        </Button>
      </footer>
    </article>
  );
}
