import { LoadingOutlined } from '@ant-design/icons';
import { Alert } from 'antd';
import type { GenerationView } from '../api/generation-stream';
import { VariantCard } from './variant-card';
import './variant-board.css';

/** The variants side by side as they are written (a swipeable row on phones). */
export function VariantBoard({
  view,
  selected,
  onSelect,
}: {
  view: GenerationView;
  selected: number | null;
  onSelect: (index: number) => void;
}) {
  const count = view.variants.length;
  return (
    <div className="variant-board">
      <div className="variant-board__status" aria-live="polite">
        {view.status === 'streaming' && (
          <span>
            <LoadingOutlined /> 正在生成 {count} 个版本…内容实时保存在服务器上，离开页面或关掉浏览器也不会丢失
            {view.reconnecting && '（连接中断，正在重新连接）'}
          </span>
        )}
        {view.status === 'done' && (
          <span>
            生成完成，选一个版本编辑、确认并下载
            {view.refunded > 0 && `（失败的版本已退还 ${view.refunded} 点）`}
          </span>
        )}
      </div>
      {view.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          title={view.error ?? '生成失败，请稍后重试'}
          style={{ marginBottom: 12 }}
        />
      )}
      <div className="variant-board__grid" style={{ ['--variants' as string]: count }}>
        {view.variants.map((variant, index) => (
          <VariantCard
            // Variants never reorder: their index is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            index={index}
            view={variant}
            selected={selected === index}
            onSelect={() => onSelect(index)}
          />
        ))}
      </div>
    </div>
  );
}
