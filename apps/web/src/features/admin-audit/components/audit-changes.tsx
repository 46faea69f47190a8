import { ArrowRightOutlined } from '@ant-design/icons';
import type { AuditEntry } from '@app/contract';
import { auditChanges } from '../lib/audit-values';

/** The values an action changed, one per line: 状态 审核中 → 已打款, 金额 ¥20.00… */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry);
  if (changes.length === 0) return <span className="al-muted">—</span>;
  return (
    <dl className="al-changes">
      {changes.map((c) => (
        <div key={c.key} className="al-changes__row">
          <dt>{c.label}</dt>
          <dd>
            {c.before !== undefined && c.after !== undefined ? (
              <>
                <span className="al-changes__before">{c.before}</span>
                <ArrowRightOutlined className="al-changes__arrow" aria-label="改为" />
                <span className="al-changes__after">{c.after}</span>
              </>
            ) : c.after !== undefined ? (
              c.after
            ) : (
              <>
                {c.before}
                <span className="al-muted">（操作前）</span>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
