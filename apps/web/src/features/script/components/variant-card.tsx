import { CheckCircleFilled, EditOutlined } from '@ant-design/icons';
import { Alert, Button, Tag } from 'antd';
import { useEffect, useRef } from 'react';
import type { VariantView } from '../api/generation-stream';
import { totalSeconds } from '../lib/script-draft';
import { QualityFindings } from './quality-findings';

/** One variant: its text while it is written, then the finished script with a way to edit it. */
export function VariantCard({
  index,
  view,
  selected,
  onSelect,
}: {
  index: number;
  view: VariantView;
  selected: boolean;
  onSelect: () => void;
}) {
  const textRef = useRef<HTMLDivElement>(null);
  const { script, error, text } = view;
  const writing = !script && !error;

  // Follow the text as it grows, like a chat window.
  useEffect(() => {
    const box = textRef.current;
    if (box && writing && text) box.scrollTop = box.scrollHeight;
  }, [text, writing]);

  const status = script ? (
    script.confirmed ? (
      <Tag color="success" icon={<CheckCircleFilled />}>
        已确认
      </Tag>
    ) : (
      <Tag color="purple">已完成</Tag>
    )
  ) : error ? (
    <Tag color="error">失败</Tag>
  ) : (
    <Tag color="processing">生成中</Tag>
  );

  return (
    <section
      className={`variant-card${selected ? ' variant-card--selected' : ''}`}
      aria-label={`版本 ${index + 1}`}
      data-testid={`variant-${index}`}
    >
      <header className="variant-card__header">
        <span className="variant-card__name">版本 {index + 1}</span>
        {status}
      </header>
      {script ? (
        <div className="variant-card__script">
          <h3 className="variant-card__title">{script.title}</h3>
          <p className="variant-card__hook">{script.hook}</p>
          <div className="variant-card__meta">
            {script.scenes.length} 个镜头 · 共 {totalSeconds(script.scenes)} 秒
          </div>
          {script.twist && <p className="variant-card__twist">{script.twist}</p>}
          <QualityFindings findings={script.findings} compact />
          <div className="variant-card__tags">
            {script.tags.map((t) => (
              <Tag key={t} bordered={false}>
                #{t}
              </Tag>
            ))}
          </div>
          <Button
            block
            type={selected ? 'primary' : 'default'}
            icon={<EditOutlined />}
            onClick={onSelect}
            aria-pressed={selected}
          >
            {selected ? '正在编辑这个版本' : '编辑这个版本'}
          </Button>
        </div>
      ) : (
        <div
          ref={textRef}
          className={`variant-card__text${writing ? ' variant-card__text--writing' : ''}`}
          data-testid={`variant-${index}-text`}
        >
          {text || (writing ? '正在构思…' : '')}
        </div>
      )}
      {error && !script && <Alert type="error" showIcon title={error} />}
    </section>
  );
}
