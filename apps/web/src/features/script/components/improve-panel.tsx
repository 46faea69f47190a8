import { BulbOutlined } from '@ant-design/icons';
import { Button, Empty, List, Typography } from 'antd';
import { useEffect } from 'react';
import { useSuggestImprovements } from '../api/suggest-improvements';

/** Improvement ideas for the chosen script (as stored), to apply by hand in the editor. */
export function ImprovePanel({ scriptId }: { scriptId: string }) {
  const improve = useSuggestImprovements();
  const { reset } = improve;
  // Ideas belong to one script: switching variants clears them.
  useEffect(() => {
    if (scriptId) reset();
  }, [scriptId, reset]);

  return (
    <div className="improve-panel">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        让 AI 按爆款标准给这版脚本挑毛病：钩子、节奏、反转、结尾引导。建议基于已保存的版本。
      </Typography.Paragraph>
      <Button
        icon={<BulbOutlined />}
        loading={improve.isPending}
        onClick={() => improve.mutate(scriptId)}
        block
      >
        {improve.data ? '换一批建议' : '获取优化建议'}
      </Button>
      {improve.data &&
        (improve.data.suggestions.length === 0 ? (
          <Empty description="暂时没有建议" />
        ) : (
          <List
            className="improve-panel__list"
            dataSource={improve.data.suggestions}
            renderItem={(item, i) => (
              <List.Item>
                <List.Item.Meta title={`${i + 1}. ${item.text}`} description={item.reason} />
              </List.Item>
            )}
          />
        ))}
    </div>
  );
}
