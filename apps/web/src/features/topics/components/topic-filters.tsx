import { Segmented } from 'antd';
import { useTopicCategories } from '../api/get-topic-categories';
import { type Platform, platformNames, platformOrder } from '../lib/platform';

export interface TopicFilterValue {
  category?: string;
  platform?: Platform;
}

const ALL = 'all';

/** Platform as a segmented switch, category as a row of chips that scrolls sideways on a phone. */
export function TopicFilters({
  value,
  onChange,
  compact = false,
}: {
  value: TopicFilterValue;
  onChange: (next: TopicFilterValue) => void;
  compact?: boolean;
}) {
  const categories = useTopicCategories();
  return (
    <div className={compact ? 'topic-filters is-compact' : 'topic-filters'}>
      <Segmented
        size={compact ? 'small' : 'middle'}
        aria-label="平台"
        value={value.platform ?? ALL}
        options={[
          { label: '全部平台', value: ALL },
          ...platformOrder.map((p) => ({ label: platformNames[p], value: p })),
        ]}
        onChange={(v) => onChange({ ...value, platform: v === ALL ? undefined : (v as Platform) })}
      />
      <div className="topic-filters__chips" role="radiogroup" aria-label="分类">
        {[{ id: ALL, name: '全部分类' }, ...(categories.data ?? [])].map((c) => {
          const checked = (value.category ?? ALL) === c.id;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a chip row, styled as buttons, acting as radios
            <button
              key={c.id}
              type="button"
              role="radio"
              aria-checked={checked}
              className={checked ? 'topic-chip is-on' : 'topic-chip'}
              onClick={() => onChange({ ...value, category: c.id === ALL ? undefined : c.id })}
            >
              {c.name}
            </button>
          );
        })}
      </div>
    </div>
  );
}
