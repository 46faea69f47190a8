import { FireFilled } from '@ant-design/icons';
import { Empty, Segmented } from 'antd';
import { useEffect, useState } from 'react';
import { QueryState } from '@/components/query-state';
import { formatCount } from '@/lib/format';
import { useCollectedTopics } from '../api/get-collected-topics';
import { useHotTopics } from '../api/get-hot-topics';
import type { Platform } from '../lib/platform';
import type { TopicPick } from './hot-topic-list';
import { TopicFilters, type TopicFilterValue } from './topic-filters';
import './topics.css';

export interface HotTopicPickerProps {
  /** Called with the chosen topic; the workspace puts its title into the topic field. */
  onPick: (topic: TopicPick) => void;
  /** Starts the hot list on this platform (the one the script is for). */
  platform?: Platform;
  /** Highlights the topic currently in the workspace. */
  selectedId?: string;
}

type Source = 'hot' | 'collected';

/**
 * A compact topic chooser for the script workspace: today's hot topics (filterable) or the
 * user's favourites; one click picks.
 */
export function HotTopicPicker({ onPick, platform, selectedId }: HotTopicPickerProps) {
  const [source, setSource] = useState<Source>('hot');
  const [filter, setFilter] = useState<TopicFilterValue>({ platform });
  // The workspace's platform changed: follow it.
  useEffect(() => setFilter((f) => ({ ...f, platform })), [platform]);
  return (
    <div className="topic-picker">
      <Segmented
        size="small"
        block
        value={source}
        onChange={(v) => setSource(v as Source)}
        options={[
          { label: '热点榜', value: 'hot' },
          { label: '我的收藏', value: 'collected' },
        ]}
        style={{ marginBottom: 10 }}
      />
      {source === 'hot' ? (
        <>
          <TopicFilters compact value={filter} onChange={setFilter} />
          <HotPickList filter={filter} selectedId={selectedId} onPick={onPick} />
        </>
      ) : (
        <CollectedPickList selectedId={selectedId} onPick={onPick} />
      )}
    </div>
  );
}

function PickRow({
  topic,
  rank,
  selected,
  onPick,
}: {
  topic: TopicPick & { heat: number };
  rank?: number;
  selected: boolean;
  onPick: (topic: TopicPick) => void;
}) {
  return (
    <li>
      <button
        type="button"
        className={selected ? 'topic-picker__item is-selected' : 'topic-picker__item'}
        aria-pressed={selected}
        onClick={() => onPick({ id: topic.id, title: topic.title })}
      >
        {rank !== undefined && <span className="topic-picker__rank">{rank}</span>}
        <span className="topic-picker__title" title={topic.title}>
          {topic.title}
        </span>
        <span className="topic-picker__heat">
          <FireFilled /> {formatCount(topic.heat)}
        </span>
      </button>
    </li>
  );
}

function HotPickList({
  filter,
  selectedId,
  onPick,
}: {
  filter: TopicFilterValue;
  selectedId?: string;
  onPick: (topic: TopicPick) => void;
}) {
  const query = useHotTopics({ ...filter, limit: 30 });
  return (
    <QueryState
      query={query}
      isEmpty={(d) => d.items.length === 0}
      empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有符合条件的热点" />}
    >
      {(data) => (
        <ul className="topic-picker__list">
          {data.items.map((t) => (
            <PickRow key={t.id} topic={t} rank={t.rank} selected={t.id === selectedId} onPick={onPick} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function CollectedPickList({
  selectedId,
  onPick,
}: {
  selectedId?: string;
  onPick: (topic: TopicPick) => void;
}) {
  const query = useCollectedTopics({ page: 1, pageSize: 50 });
  return (
    <QueryState
      query={query}
      isEmpty={(d) => d.total === 0}
      empty={
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有收藏的热点，在热点榜点星标收藏" />
      }
    >
      {(data) => (
        <ul className="topic-picker__list">
          {data.items.map((t) => (
            <PickRow key={t.id} topic={t} selected={t.id === selectedId} onPick={onPick} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}
