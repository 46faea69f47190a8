import type { ScriptTemplate, TemplateId } from '@app/contract/generation';
import { Alert, Skeleton } from 'antd';
import { useTemplates } from '../api/get-templates';
import './template-picker.css';

/** The templates as cards showing their beats; a form control (value / onChange). */
export function TemplatePicker({
  value,
  onChange,
}: {
  value?: TemplateId;
  onChange?: (id: TemplateId) => void;
}) {
  const templates = useTemplates();
  if (templates.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (templates.isError) {
    return <Alert type="error" showIcon title="模板加载失败" description="请刷新页面后重试" />;
  }
  return (
    <div className="template-picker">
      {templates.data.map((template: ScriptTemplate) => {
        const selected = template.id === value;
        return (
          <button
            key={template.id}
            type="button"
            aria-pressed={selected}
            className={`template-picker__card${selected ? ' template-picker__card--selected' : ''}`}
            onClick={() => onChange?.(template.id)}
          >
            <span className="template-picker__name">{template.name}</span>
            <span className="template-picker__desc">{template.description}</span>
            <span className="template-picker__beats">
              {template.structure.map((beat, i) => (
                <span key={beat} className="template-picker__beat">
                  {i > 0 && <span className="template-picker__arrow">→</span>}
                  {beat}
                </span>
              ))}
            </span>
          </button>
        );
      })}
    </div>
  );
}
