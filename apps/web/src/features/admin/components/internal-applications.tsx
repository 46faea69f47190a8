import { type InternalMember, type InternalStatus, internalStatusNames } from '@app/contract';
import { App, Avatar, Button, Checkbox, Empty, Segmented, Tag } from 'antd';
import { useState } from 'react';
import { ResponsiveList } from '@/components/responsive-list';
import { formatDateTime } from '@/lib/format';
import { useDecideInternal } from '../api/decide-internal';
import { useInternalList } from '../api/get-internal-list';
import './admin.css';

const PAGE_SIZE = 20;
type Filter = InternalStatus | 'all';
const filters: { label: string; value: Filter }[] = [
  ...(['pending', 'approved', 'rejected'] as const).map((s) => ({ label: internalStatusNames[s], value: s })),
  { label: '全部', value: 'all' },
];
const statusColor: Record<InternalStatus, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'default',
};

function Person({ m }: { m: InternalMember }) {
  const name = m.nickname || '微信用户';
  return (
    <span className="adm-user">
      <Avatar size={28} src={m.avatar || undefined}>
        {name.slice(0, 1)}
      </Avatar>
      <span>
        <div>{name}</div>
        <div className="adm-user__id">{m.userId.slice(0, 8)}</div>
      </span>
    </span>
  );
}

/** Internal-member applications: approve or reject one, or a selection at once (all or nothing). */
export function InternalApplications() {
  const { modal } = App.useApp();
  const [filter, setFilter] = useState<Filter>('pending');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const query = useInternalList({
    page,
    pageSize: PAGE_SIZE,
    ...(filter === 'all' ? {} : { status: filter }),
  });
  const decide = useDecideInternal();

  const run = (userIds: string[], approve: boolean) =>
    decide.mutateAsync({ userIds, approve }).then(
      () => setSelected((s) => s.filter((id) => !userIds.includes(id))),
      () => undefined,
    );

  const confirmBatch = (approve: boolean) =>
    modal.confirm({
      title: `${approve ? '通过' : '拒绝'}所选的 ${selected.length} 条申请？`,
      content: approve
        ? '通过后，这些用户使用生成功能将不再消耗创作点数。'
        : '拒绝后，用户可以重新提交申请；已通过的会被撤销内部成员身份。',
      okText: approve ? '全部通过' : '全部拒绝',
      okButtonProps: { danger: !approve },
      cancelText: '取消',
      onOk: () => run(selected, approve),
    });

  const confirmOne = (m: InternalMember, approve: boolean) =>
    modal.confirm({
      title: approve
        ? `通过「${m.nickname || '微信用户'}」的申请？`
        : `${m.status === 'approved' ? '撤销' : '拒绝'}「${m.nickname || '微信用户'}」的内部成员身份？`,
      okText: approve ? '通过' : m.status === 'approved' ? '撤销' : '拒绝',
      okButtonProps: { danger: !approve },
      cancelText: '取消',
      onOk: () => run([m.userId], approve),
    });

  const actions = (m: InternalMember) => (
    <div className="adm-actions">
      {m.status !== 'approved' && (
        <Button type="primary" size="small" onClick={() => confirmOne(m, true)}>
          通过
        </Button>
      )}
      {m.status !== 'rejected' && (
        <Button danger size="small" onClick={() => confirmOne(m, false)}>
          {m.status === 'approved' ? '撤销' : '拒绝'}
        </Button>
      )}
    </div>
  );

  return (
    <>
      <div className="adm-toolbar">
        <Segmented
          options={filters}
          value={filter}
          onChange={(v) => {
            setFilter(v as Filter);
            setPage(1);
            setSelected([]);
          }}
        />
        <div className="adm-toolbar__batch">
          <span>已选 {selected.length} 条</span>
          <Button
            size="small"
            type="primary"
            disabled={selected.length === 0}
            onClick={() => confirmBatch(true)}
          >
            批量通过
          </Button>
          <Button size="small" danger disabled={selected.length === 0} onClick={() => confirmBatch(false)}>
            批量拒绝
          </Button>
        </div>
      </div>
      <ResponsiveList<InternalMember>
        query={query}
        rowKey={(m) => m.userId}
        empty={
          <Empty
            description={filter === 'pending' ? '没有待审批的申请' : '没有符合条件的申请'}
            style={{ padding: '48px 0' }}
          />
        }
        tableProps={{
          loading: decide.isPending,
          rowSelection: {
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys as string[]),
          },
        }}
        columns={[
          { title: '申请人', key: 'user', render: (_, m) => <Person m={m} /> },
          { title: '申请时间', dataIndex: 'appliedAt', render: formatDateTime },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: InternalStatus) => <Tag color={statusColor[s]}>{internalStatusNames[s]}</Tag>,
          },
          {
            title: '审批时间',
            dataIndex: 'decidedAt',
            render: (d: string | null) => (d ? formatDateTime(d) : '—'),
          },
          { title: '操作', key: 'actions', render: (_, m) => actions(m) },
        ]}
        cardsClassName="adm-cards"
        renderCard={(m) => (
          <article className="adm-card" data-testid="application-card">
            <Checkbox
              checked={selected.includes(m.userId)}
              aria-label={`选择 ${m.nickname || '微信用户'}`}
              onChange={(e) =>
                setSelected((s) => (e.target.checked ? [...s, m.userId] : s.filter((id) => id !== m.userId)))
              }
            />
            <div className="adm-card__body">
              <div className="adm-card__row">
                <Person m={m} />
                <Tag color={statusColor[m.status]}>{internalStatusNames[m.status]}</Tag>
              </div>
              <div className="adm-card__meta">申请于 {formatDateTime(m.appliedAt)}</div>
              {actions(m)}
            </div>
          </article>
        )}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        pagerClassName="adm-pager"
      />
    </>
  );
}
