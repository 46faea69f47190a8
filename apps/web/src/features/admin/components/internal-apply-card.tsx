import { Button, Skeleton, Tag } from 'antd';
import { formatDateTime } from '@/lib/format';
import { useApplyInternal } from '../api/apply-internal';
import { useInternalStatus } from '../api/get-internal-status';
import './admin.css';

/**
 * The user side of internal membership: apply once, then see where the application stands.
 * Internal members (staff, partners) generate without spending credits.
 */
export function InternalApplyCard() {
  const status = useInternalStatus();
  const apply = useApplyInternal();

  const body = () => {
    if (status.isPending) return <Skeleton active paragraph={{ rows: 1 }} />;
    if (status.isError)
      return (
        <Button size="small" onClick={() => status.refetch()}>
          申请状态加载失败，点此重试
        </Button>
      );
    const s = status.data;
    if (s.status === 'approved')
      return (
        <div>
          <Tag color="success">已通过</Tag> 你已是内部成员，创作不消耗点数。
        </div>
      );
    if (s.status === 'pending')
      return (
        <div>
          <Tag color="processing">待审批</Tag> 已于 {s.appliedAt ? formatDateTime(s.appliedAt) : ''}{' '}
          提交申请，请等待管理员审批。
        </div>
      );
    return (
      <>
        {s.status === 'rejected' && (
          <div style={{ marginBottom: 8 }}>
            <Tag color="error">未通过</Tag> 上次申请未通过，如有疑问可联系管理员后重新申请。
          </div>
        )}
        <Button type="primary" loading={apply.isPending} onClick={() => apply.mutate()}>
          {s.status === 'rejected' ? '重新申请' : '申请成为内部成员'}
        </Button>
      </>
    );
  };

  return (
    <section className="adm-apply" aria-label="申请成为内部成员">
      <h2 className="adm-apply__title">申请成为内部成员</h2>
      <div className="adm-apply__text">
        平台员工和合作伙伴可申请成为内部成员，审批通过后使用账号分析、脚本生成等功能不再消耗创作点数。
      </div>
      {body()}
    </section>
  );
}
