import { LoadingOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { useEffect, useRef } from 'react';
import './persona-stream-view.css';

/** The analysis as it is being written, with a caret, kept scrolled to its newest line. */
export function PersonaStreamView({ text }: { text: string }) {
  const box = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever new text arrives
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [text]);
  return (
    <Card className="persona-stream" data-testid="persona-stream">
      <div className="persona-stream__status" role="status" aria-live="polite">
        <LoadingOutlined spin /> {text ? '正在生成人设，内容实时呈现中…' : '正在分析你的账号，马上开始输出…'}
      </div>
      <div ref={box} className="persona-stream__text">
        {text}
        <span className="persona-stream__caret" aria-hidden="true" />
      </div>
    </Card>
  );
}
