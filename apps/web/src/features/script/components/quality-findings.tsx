import { CheckCircleOutlined, WarningOutlined } from '@ant-design/icons';
import type { Script } from '@app/contract';
import { Alert, Tag } from 'antd';
import './quality-findings.css';

type Findings = Script['findings'];

/**
 * What the automatic check found in a generated script, said plainly: a version card shows a
 * summary, the editor the whole list. Confirming edits checks the script again.
 */
export function QualityFindings({ findings, compact = false }: { findings: Findings; compact?: boolean }) {
  if (compact) {
    if (findings.length === 0) {
      return (
        <Tag color="success" icon={<CheckCircleOutlined />} data-testid="quality-ok">
          自检通过
        </Tag>
      );
    }
    return (
      <div className="quality-findings" data-testid="quality-findings">
        <Tag color="warning" icon={<WarningOutlined />}>
          自检提示 {findings.length} 条
        </Tag>
        <ul className="quality-findings__list">
          {findings.slice(0, 3).map((f) => (
            <li key={f.message}>{f.message}</li>
          ))}
          {findings.length > 3 && <li>……编辑这个版本可以看到全部</li>}
        </ul>
      </div>
    );
  }
  if (findings.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="quality-findings"
      title={`自动检查发现 ${findings.length} 处可以改进`}
      description={
        <>
          <ul className="quality-findings__list">
            {findings.map((f) => (
              <li key={f.message}>{f.message}</li>
            ))}
          </ul>
          <div className="quality-findings__hint">改好后点「确认脚本」，会重新检查一遍。</div>
        </>
      }
    />
  );
}
