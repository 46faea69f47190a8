import { BulbOutlined } from '@ant-design/icons';
import { Button, Empty, List, Popover, Spin } from 'antd';
import { useState } from 'react';
import { useSuggestTopics } from '../api/suggest-improvements';

/** "帮我想选题": topic ideas from the persona (and what is typed so far); one click fills the topic. */
export function TopicIdeas({
  personaId,
  topic,
  onPick,
}: {
  personaId?: string;
  topic?: string;
  onPick: (topic: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const ideas = useSuggestTopics();
  const canAsk = Boolean(personaId || topic?.trim());
  const ask = () => ideas.mutate({ personaId, topic: topic?.trim() || undefined });

  const content = ideas.isPending ? (
    <div style={{ padding: 24, textAlign: 'center' }}>
      <Spin />
      <div className="script-form__hint">正在结合人设想选题…</div>
    </div>
  ) : ideas.data ? (
    <List
      size="small"
      style={{ maxWidth: 360 }}
      dataSource={ideas.data.suggestions}
      renderItem={(item) => (
        <List.Item
          className="topic-ideas__item"
          onClick={() => {
            onPick(item.text);
            setOpen(false);
          }}
        >
          <List.Item.Meta title={item.text} description={item.reason} />
        </List.Item>
      )}
    />
  ) : (
    <Empty description="暂无选题建议" />
  );

  return (
    <Popover
      open={open && (ideas.isPending || ideas.isSuccess)}
      onOpenChange={(next) => setOpen(next)}
      trigger="click"
      placement="bottomLeft"
      content={content}
      title="选题建议（点一条即可使用）"
    >
      <Button
        icon={<BulbOutlined />}
        disabled={!canAsk}
        title={canAsk ? undefined : '先选择人设或输入关键词'}
        onClick={() => {
          setOpen(true);
          ask();
        }}
      >
        帮我想选题
      </Button>
    </Popover>
  );
}
