import { type AuditEntry, auditTargetTypeNames } from '@app/contract';
import { Tooltip, Typography } from 'antd';
import { auditTargetText } from '../lib/audit-values';

/**
 * What the action was on: its kind and number. The number can be copied, and clicked to see only
 * that object's history (a settlement's cut-off time is no object to look up).
 */
export function AuditTarget({ entry, onPick }: { entry: AuditEntry; onPick: (targetId: string) => void }) {
  const kind = auditTargetTypeNames[entry.targetType];
  if (entry.targetType === 'commission') {
    return <span className="al-target">{auditTargetText(entry)}</span>;
  }
  return (
    <span className="al-target">
      <span className="al-target__kind">
        {kind}
        {entry.targetLabel && <span className="al-target__label">{entry.targetLabel}</span>}
      </span>
      <span className="al-target__number">
        <Tooltip title="只看该对象的记录">
          <Typography.Link className="al-target__id" onClick={() => onPick(entry.targetId)}>
            {entry.targetId}
          </Typography.Link>
        </Tooltip>
        <Typography.Text copyable={{ text: entry.targetId, tooltips: ['复制编号', '已复制'] }} />
      </span>
    </span>
  );
}
