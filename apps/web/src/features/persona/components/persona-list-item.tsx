import { DeleteOutlined, EditOutlined, EyeOutlined, StarOutlined } from '@ant-design/icons';
import type { Persona } from '@app/contract';
import { platformNames } from '@app/contract/generation';
import { Button, Card, Tag, Typography } from 'antd';
import { formatDateTime } from '@/lib/format';
import { PersonaRadar } from './persona-radar';

export interface PersonaItemActions {
  onView(persona: Persona): void;
  onMakeDefault(persona: Persona): void;
  onRename(persona: Persona): void;
  onDelete(persona: Persona): void;
  /** The persona whose "set default" is running. */
  pendingDefaultId?: string;
}

/** One persona in "my personas": the essentials, a small radar, and what can be done with it. */
export function PersonaListItem({ persona, actions }: { persona: Persona; actions: PersonaItemActions }) {
  return (
    <Card
      className={`persona-item${persona.isDefault ? ' persona-item--default' : ''}`}
      data-testid="persona-item"
      actions={[
        <Button key="view" type="link" icon={<EyeOutlined />} onClick={() => actions.onView(persona)}>
          查看
        </Button>,
        persona.isDefault ? (
          <Button key="default" type="link" disabled icon={<StarOutlined />}>
            默认
          </Button>
        ) : (
          <Button
            key="default"
            type="link"
            icon={<StarOutlined />}
            loading={actions.pendingDefaultId === persona.id}
            onClick={() => actions.onMakeDefault(persona)}
          >
            设为默认
          </Button>
        ),
        <Button key="rename" type="link" icon={<EditOutlined />} onClick={() => actions.onRename(persona)}>
          重命名
        </Button>,
        <Button
          key="delete"
          type="link"
          danger
          icon={<DeleteOutlined />}
          onClick={() => actions.onDelete(persona)}
        >
          删除
        </Button>,
      ]}
    >
      <div className="persona-item__body">
        <div className="persona-item__radar">
          <PersonaRadar radar={persona.radar} size={112} compact />
        </div>
        <div className="persona-item__info">
          <h3 className="persona-item__name">{persona.name}</h3>
          <div className="persona-item__meta">
            <Tag color="purple">{platformNames[persona.platform]}</Tag>
            {persona.isDefault && <Tag color="gold">默认人设</Tag>}
            <span>{persona.accountName}</span>
          </div>
          <Typography.Paragraph ellipsis={{ rows: 2 }} className="persona-item__positioning">
            {persona.positioning}
          </Typography.Paragraph>
          <div className="persona-item__tags">
            {persona.tags.slice(0, 4).map((tag) => (
              <Tag key={tag} bordered={false}>
                #{tag}
              </Tag>
            ))}
          </div>
          <div className="persona-item__time">创建于 {formatDateTime(persona.createdAt)}</div>
        </div>
      </div>
    </Card>
  );
}
