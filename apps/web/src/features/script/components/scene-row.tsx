import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Input, InputNumber, Tooltip } from 'antd';
import type { EditableScene } from '../lib/script-draft';
import { Field } from './field';

const SHOTS = ['特写', '近景', '中景', '全景', '远景', '空镜', '俯拍', '跟拍'].map((value) => ({ value }));

/** One scene: shot, picture, line and length; moved up/down or removed from the row itself. */
export function SceneRow({
  index,
  scene,
  count,
  onChange,
  onMove,
  onRemove,
}: {
  index: number;
  scene: EditableScene;
  count: number;
  onChange: (patch: Partial<EditableScene>) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  return (
    <li className="scene-row" data-testid={`scene-${index}`}>
      <div className="scene-row__head">
        <span className="scene-row__index">镜头 {n}</span>
        <AutoComplete
          aria-label={`镜头 ${n} 景别`}
          className="scene-row__shot"
          options={SHOTS}
          value={scene.shot}
          onChange={(shot) => onChange({ shot })}
          placeholder="景别"
        />
        <InputNumber
          aria-label={`镜头 ${n} 时长（秒）`}
          className="scene-row__duration"
          min={1}
          max={120}
          precision={0}
          value={scene.durationSec}
          onChange={(v) => onChange({ durationSec: typeof v === 'number' ? v : 0 })}
          suffix="秒"
        />
        <span className="scene-row__actions">
          <Tooltip title="上移">
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              aria-label={`镜头 ${n} 上移`}
              disabled={index === 0}
              onClick={() => onMove(-1)}
            />
          </Tooltip>
          <Tooltip title="下移">
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              aria-label={`镜头 ${n} 下移`}
              disabled={index === count - 1}
              onClick={() => onMove(1)}
            />
          </Tooltip>
          <Tooltip title={count <= 2 ? '至少保留 2 个镜头' : '删除'}>
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`删除镜头 ${n}`}
              disabled={count <= 2}
              onClick={onRemove}
            />
          </Tooltip>
        </span>
      </div>
      <div className="scene-row__body">
        <Field label="画面" className="scene-row__field" htmlFor={`${scene.key}-visual`}>
          <Input.TextArea
            id={`${scene.key}-visual`}
            aria-label={`镜头 ${n} 画面`}
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={300}
            value={scene.visual}
            onChange={(e) => onChange({ visual: e.target.value })}
            placeholder="拍什么：人物、动作、场景、道具"
          />
        </Field>
        <Field label="台词" className="scene-row__field" htmlFor={`${scene.key}-line`}>
          <Input.TextArea
            id={`${scene.key}-line`}
            aria-label={`镜头 ${n} 台词`}
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={500}
            value={scene.line}
            onChange={(e) => onChange({ line: e.target.value })}
            placeholder="这一镜说什么（空镜可不填）"
          />
        </Field>
      </div>
    </li>
  );
}
