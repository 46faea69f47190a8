import type { AdminUser } from '@app/contract';
import { Avatar } from 'antd';

/** Avatar, nickname (微信用户 when there is none) and the start of the id, to tell namesakes apart. */
export function UserIdentity({
  user,
  size = 32,
}: {
  user: Pick<AdminUser, 'id' | 'nickname' | 'avatar'>;
  size?: number;
}) {
  const name = user.nickname || '微信用户';
  return (
    <span className="au-identity">
      <Avatar size={size} src={user.avatar || undefined}>
        {name.slice(0, 1)}
      </Avatar>
      <span className="au-identity__text">
        <span className="au-identity__name">{name}</span>
        <span className="au-identity__id">{user.id.slice(0, 8)}</span>
      </span>
    </span>
  );
}
