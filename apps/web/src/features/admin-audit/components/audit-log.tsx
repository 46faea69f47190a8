import { type AuditAction, type AuditEntry, auditActionNames } from '@app/contract';
import { Empty, Tag } from 'antd';
import { useState } from 'react';
import { ResponsiveList } from '@/components/responsive-list';
import { formatDateTime } from '@/lib/format';
import { type AuditLogParams, useAuditLog } from '../api/get-audit-log';
import { AuditChanges } from './audit-changes';
import { type AuditFilters, AuditFiltersBar, hasAuditFilters } from './audit-filters';
import { AuditTarget } from './audit-target';
import './admin-audit.css';

const PAGE_SIZE = 20;

const actionColors: Record<AuditAction, string> = {
  'order.refund': 'volcano',
  'withdrawal.decide': 'purple',
  'commission.settle': 'green',
  'internal.decide': 'blue',
  'user.role': 'gold',
  'user.disable': 'red',
  'user.enable': 'cyan',
};

function ActionTag({ action }: { action: AuditAction }) {
  return (
    <Tag color={actionColors[action]} className="al-action">
      {auditActionNames[action]}
    </Tag>
  );
}

const actor = (e: AuditEntry) => e.actorNickname || '管理员';

/** The admin audit log: who did what to which object, when, and what it changed; newest first. */
export function AuditLog() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  const params: AuditLogParams = { page, pageSize: PAGE_SIZE };
  for (const [key, value] of Object.entries(filters)) if (value) Object.assign(params, { [key]: value });
  const query = useAuditLog(params);
  const applyFilters = (next: AuditFilters) => {
    setFilters(next);
    setPage(1);
  };
  const pickTarget = (targetId: string) => applyFilters({ ...filters, targetId });

  return (
    <>
      <AuditFiltersBar value={filters} onChange={applyFilters} />
      <ResponsiveList<AuditEntry>
        query={query}
        rowKey={(e) => e.id}
        empty={
          <Empty
            description={hasAuditFilters(filters) ? '没有符合条件的操作记录' : '还没有操作记录'}
            style={{ padding: '48px 0' }}
          />
        }
        tableProps={{ scroll: { x: 1000 }, className: 'al-table' }}
        columns={[
          {
            title: '时间 / 操作人',
            key: 'when',
            width: 150,
            render: (_, e) => (
              <div className="al-when">
                <span className="al-time">{formatDateTime(e.createdAt)}</span>
                <span className="al-muted">{actor(e)}</span>
              </div>
            ),
          },
          {
            title: '操作',
            dataIndex: 'action',
            width: 130,
            render: (a: AuditAction) => <ActionTag action={a} />,
          },
          {
            title: '对象',
            key: 'target',
            width: 330,
            render: (_, e) => <AuditTarget entry={e} onPick={pickTarget} />,
          },
          { title: '变更', key: 'changes', render: (_, e) => <AuditChanges entry={e} /> },
          {
            title: '备注',
            dataIndex: 'note',
            width: 170,
            render: (note: string | null) => note || <span className="al-muted">—</span>,
          },
        ]}
        cardsClassName="al-cards"
        renderCard={(e) => (
          <article className="al-card" data-testid="audit-card">
            <div className="al-card__head">
              <ActionTag action={e.action} />
              <span className="al-time">{formatDateTime(e.createdAt)}</span>
            </div>
            <div className="al-card__meta">
              操作人 <strong>{actor(e)}</strong>
            </div>
            <div className="al-card__meta">
              <AuditTarget entry={e} onPick={pickTarget} />
            </div>
            <AuditChanges entry={e} />
            {e.note && <div className="al-card__note">备注：{e.note}</div>}
          </article>
        )}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        pagerClassName="al-pager"
      />
    </>
  );
}
