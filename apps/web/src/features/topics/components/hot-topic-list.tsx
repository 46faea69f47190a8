import { FireFilled } from '@ant-design/icons';
import type { HotTopic } from '@app/contract';
import { Button, Empty, Spin } from 'antd';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { formatCount } from '@/lib/format';
import { useHotTopics } from '../api/get-hot-topics';
import { useCategoryNames } from '../api/get-topic-categories';
import { CollectButton } from './collect-button';
import { PlatformTag } from './platform-tag';
import { TopicFilters, type TopicFilterValue } from './topic-filters';
import { TrendSparkline } from './trend-sparkline';
import './topics.css';

export type TopicPick = Pick<HotTopic, 'id' | 'title'>;

/**
 * 热点榜: the ranked hot topics with category and platform filters, heat, a 7-day sparkline, a
 * favourite star and "写脚本". The rank is the topic's place on its platform's list.
 */
export function HotTopicList({ onWrite }: { onWrite: (topic: TopicPick) => void }) {
  const [filter, setFilter] = useState<TopicFilterValue>({});
  const query = useHotTopics({ ...filter, limit: 50 });
  const names = useCategoryNames();
  return (
    <section className="hot-topics" aria-label="热点榜">
      <TopicFilters value={filter} onChange={setFilter} />
      <QueryState
        query={query}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <Empty description="这个分类下暂时没有热点，换个分类或平台看看" style={{ padding: '48px 0' }} />
        }
      >
        {(data) => (
          <Spin spinning={query.isFetching && query.isPlaceholderData} delay={200}>
            <ol className="hot-topics__list">
              {data.items.map((topic) => (
                <li key={topic.id} className="hot-topic" data-testid="hot-topic">
                  <span className={`hot-topic__rank${topic.rank <= 3 ? ' is-top' : ''}`} title="平台榜单排名">
                    {topic.rank}
                  </span>
                  <div className="hot-topic__main">
                    <div className="hot-topic__title">{topic.title}</div>
                    <div className="hot-topic__meta">
                      <PlatformTag platform={topic.platform} />
                      <span className="hot-topic__category">{names[topic.category] ?? topic.category}</span>
                    </div>
                  </div>
                  <div className="hot-topic__stats">
                    <span className="hot-topic__heat" title="热度">
                      <FireFilled /> {formatCount(topic.heat)}
                    </span>
                    <TrendSparkline values={topic.trend} />
                  </div>
                  <div className="hot-topic__actions">
                    <CollectButton topicId={topic.id} collected={topic.collected} />
                    <Button type="primary" ghost size="small" onClick={() => onWrite(topic)}>
                      写脚本
                    </Button>
                  </div>
                </li>
              ))}
            </ol>
          </Spin>
        )}
      </QueryState>
    </section>
  );
}
