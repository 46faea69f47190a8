import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useCollectTopic } from '../api/collect-topic';

/** The favourite star of a topic: filled when collected; toggles on click. */
export function CollectButton({ topicId, collected }: { topicId: string; collected: boolean }) {
  const mutation = useCollectTopic();
  const label = collected ? '取消收藏' : '收藏';
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        aria-pressed={collected}
        className={collected ? 'collect-button is-on' : 'collect-button'}
        icon={collected ? <StarFilled /> : <StarOutlined />}
        onClick={() => mutation.mutate({ topicId, collect: !collected })}
      />
    </Tooltip>
  );
}
