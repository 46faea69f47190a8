import { Avatar } from 'antd';

/** The buyer as the admin recognises them: avatar and nickname (微信用户 when they have none). */
export function Buyer({ nickname, avatar, size = 28 }: { nickname: string; avatar: string; size?: number }) {
  const name = nickname || '微信用户';
  return (
    <span className="ao-buyer">
      <Avatar size={size} src={avatar || undefined}>
        {name.slice(0, 1)}
      </Avatar>
      <span className="ao-buyer__name" title={name}>
        {name}
      </span>
    </span>
  );
}
