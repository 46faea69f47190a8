import { FireFilled } from '@ant-design/icons';
import type { CollectedTopic } from '@app/contract';
import { Button, Empty } from 'antd';
import { useState } from 'react';
import { ResponsiveList } from '@/components/responsive-list';
import { formatCount, formatDateTime } from '@/lib/format';
import { useCollectTopic } from '../api/collect-topic';
import { useCollectedTopics } from '../api/get-collected-topics';
import { useCategoryNames } from '../api/get-topic-categories';
import type { TopicPick } from './hot-topic-list';
import { PlatformTag } from './platform-tag';
import { TrendSparkline } from './trend-sparkline';
import './topics.css';

const PAGE_SIZE = 20;

/** 我的收藏: favourite topics, newest first; remove one, or write a script from it. */
export function CollectedTopicList({
  onWrite,
  emptyAction,
}: {
  onWrite: (topic: TopicPick) => void;
  /** Shown in the empty state, e.g. a link to the hot list. */
  emptyAction?: React.ReactNode;
}) {
  const [page, setPage] = useState(1);
  const query = useCollectedTopics({ page, pageSize: PAGE_SIZE });
  const remove = useCollectTopic();
  const names = useCategoryNames();
  // Removing the last item of a page leaves it empty: step back to the page before.
  const lastPage = query.data ? Math.max(1, Math.ceil(query.data.total / PAGE_SIZE)) : 1;
  if (query.data && page > lastPage) setPage(lastPage);
  return (
    <ResponsiveList<CollectedTopic>
      query={query}
      rowKey={(topic) => topic.id}
      empty={
        <Empty description="还没有收藏的热点，在热点榜里点星标就能收藏" style={{ padding: '48px 0' }}>
          {emptyAction}
        </Empty>
      }
      // The same ranked rows as the hot list at every width: no table.
      cardsAs="ol"
      cardsClassName="hot-topics__list"
      renderCard={(topic) => (
        <li className="hot-topic" data-testid="collected-topic">
          <span className="hot-topic__rank" title="平台榜单排名">
            {topic.rank}
          </span>
          <div className="hot-topic__main">
            <div className="hot-topic__title">{topic.title}</div>
            <div className="hot-topic__meta">
              <PlatformTag platform={topic.platform} />
              <span className="hot-topic__category">{names[topic.category] ?? topic.category}</span>
              <span className="hot-topic__category">收藏于 {formatDateTime(topic.collectedAt)}</span>
            </div>
          </div>
          <div className="hot-topic__stats">
            <span className="hot-topic__heat" title="热度">
              <FireFilled /> {formatCount(topic.heat)}
            </span>
            <TrendSparkline values={topic.trend} />
          </div>
          <div className="hot-topic__actions">
            <Button
              size="small"
              type="text"
              loading={remove.isPending && remove.variables?.topicId === topic.id}
              onClick={() => remove.mutate({ topicId: topic.id, collect: false })}
            >
              取消收藏
            </Button>
            <Button type="primary" ghost size="small" onClick={() => onWrite(topic)}>
              写脚本
            </Button>
          </div>
        </li>
      )}
      page={page}
      pageSize={PAGE_SIZE}
      onPageChange={setPage}
      pagerClassName="topics-pager"
    />
  );
}
