import { PlusOutlined } from '@ant-design/icons';
import type { Script } from '@app/contract';
import { Alert, Button, Input, Select, Tag } from 'antd';
import {
  durationFit,
  type EditableDraft,
  type EditableScene,
  newSceneKey,
  totalSeconds,
} from '../lib/script-draft';
import { Field, fieldId } from './field';
import { QualityFindings } from './quality-findings';
import { SceneRow } from './scene-row';
import './script-editor.css';

const fitText = { fits: '在目标时长 ±20% 内', short: '比目标短了不少', long: '比目标长了不少' } as const;

/** The chosen script, editable part by part and scene by scene, with its running total. */
export function ScriptEditor({
  script,
  draft,
  targetSec,
  problems,
  onChange,
}: {
  script: Script;
  draft: EditableDraft;
  targetSec: number;
  problems: string[];
  onChange: (draft: EditableDraft) => void;
}) {
  const set = <K extends keyof EditableDraft>(key: K, value: EditableDraft[K]) =>
    onChange({ ...draft, [key]: value });
  const setScenes = (scenes: EditableScene[]) => set('scenes', scenes);
  const total = totalSeconds(draft.scenes);
  const fit = durationFit(total, targetSec);

  const move = (index: number, delta: -1 | 1) => {
    const scenes = [...draft.scenes];
    const [scene] = scenes.splice(index, 1);
    if (scene) scenes.splice(index + delta, 0, scene);
    setScenes(scenes);
  };
  const addScene = () =>
    setScenes([...draft.scenes, { key: newSceneKey(), shot: '中景', visual: '', line: '', durationSec: 5 }]);

  return (
    <div className="script-editor" data-testid="script-editor">
      <QualityFindings findings={script.findings} />
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          title="还有几处需要修改"
          description={
            <ul className="script-editor__problems">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
        />
      )}
      <Field label="标题">
        <Input
          id={fieldId('标题')}
          value={draft.title}
          maxLength={60}
          onChange={(e) => set('title', e.target.value)}
        />
      </Field>
      <Field label="开场钩子">
        <Input.TextArea
          id={fieldId('开场钩子')}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={200}
          value={draft.hook}
          onChange={(e) => set('hook', e.target.value)}
        />
      </Field>

      <div className="script-editor__scenes-head">
        <span className="script-editor__label">分镜（{draft.scenes.length} 个镜头）</span>
        <span data-testid="script-total">
          总时长 <strong>{total}</strong> 秒 / 目标 {targetSec} 秒{' '}
          <Tag color={fit === 'fits' ? 'success' : 'warning'}>{fitText[fit]}</Tag>
        </span>
      </div>
      <ol className="script-editor__scenes">
        {draft.scenes.map((scene, index) => (
          <SceneRow
            key={scene.key}
            index={index}
            scene={scene}
            count={draft.scenes.length}
            onChange={(patch) =>
              setScenes(draft.scenes.map((s, i) => (i === index ? { ...s, ...patch } : s)))
            }
            onMove={(delta) => move(index, delta)}
            onRemove={() => setScenes(draft.scenes.filter((_, i) => i !== index))}
          />
        ))}
      </ol>
      <Button
        block
        type="dashed"
        icon={<PlusOutlined />}
        onClick={addScene}
        disabled={draft.scenes.length >= 20}
      >
        {draft.scenes.length >= 20 ? '最多 20 个镜头' : '添加镜头'}
      </Button>

      {script.twist !== null && (
        <Field label="反转设计">
          <Input.TextArea
            id={fieldId('反转设计')}
            autoSize={{ minRows: 1, maxRows: 5 }}
            maxLength={300}
            value={draft.twist ?? ''}
            onChange={(e) => set('twist', e.target.value)}
          />
        </Field>
      )}
      <Field label="行动号召">
        <Input.TextArea
          id={fieldId('行动号召')}
          autoSize={{ minRows: 1, maxRows: 3 }}
          maxLength={200}
          value={draft.cta}
          onChange={(e) => set('cta', e.target.value)}
        />
      </Field>
      <div className="script-editor__row">
        <Field label="话题标签">
          <Select
            id={fieldId('话题标签')}
            mode="tags"
            value={draft.tags}
            onChange={(tags: string[]) =>
              set('tags', tags.map((t) => t.replace(/^#/, '').trim()).filter(Boolean))
            }
            tokenSeparators={[',', '，', ' ', '#']}
            open={false}
            suffixIcon={null}
          />
        </Field>
        <Field label="封面文字">
          <Input
            id={fieldId('封面文字')}
            value={draft.coverText}
            maxLength={30}
            onChange={(e) => set('coverText', e.target.value)}
          />
        </Field>
      </div>
    </div>
  );
}
