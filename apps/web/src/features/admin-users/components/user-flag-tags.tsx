import type { AdminUser } from '@app/contract';
import { Tag } from 'antd';

/** The account's flags as tags: 已停用 first, since it matters most; 普通用户 when it has none. */
export function UserFlagTags({ user }: { user: AdminUser }) {
  const tags = [
    user.disabledAt && (
      <Tag key="disabled" color="red">
        已停用
      </Tag>
    ),
    user.role === 'admin' && (
      <Tag key="admin" color="blue">
        管理员
      </Tag>
    ),
    user.isDistributor && (
      <Tag key="distributor" color="green">
        分销商
      </Tag>
    ),
    user.isInternal && (
      <Tag key="internal" color="purple">
        内部成员
      </Tag>
    ),
  ].filter(Boolean);
  return <span className="au-tags">{tags.length > 0 ? tags : <Tag>普通用户</Tag>}</span>;
}
