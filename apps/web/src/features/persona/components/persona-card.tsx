import type { Persona } from '@app/contract';
import { platformNames } from '@app/contract/generation';
import { Card, Tag } from 'antd';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format';
import { PersonaRadar } from './persona-radar';
import './persona-card.css';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="persona-card__section">
      <h4 className="persona-card__heading">{title}</h4>
      {children}
    </section>
  );
}

/** The whole persona: radar of its five scores, positioning, audience, tags, tone, pillars, formulas, money. */
export function PersonaCard({ persona, actions }: { persona: Persona; actions?: ReactNode }) {
  return (
    <Card className="persona-card" data-testid="persona-card">
      <header className="persona-card__header">
        <div className="persona-card__title-block">
          <h3 className="persona-card__name">{persona.name}</h3>
          <div className="persona-card__meta">
            <Tag color="purple">{platformNames[persona.platform]}</Tag>
            {persona.isDefault && <Tag color="gold">默认人设</Tag>}
            <span>
              {persona.accountName} · {formatDateTime(persona.createdAt)}
            </span>
          </div>
        </div>
        {actions && <div className="persona-card__actions">{actions}</div>}
      </header>

      <div className="persona-card__top">
        <div className="persona-card__radar">
          <PersonaRadar radar={persona.radar} />
        </div>
        <div className="persona-card__summary">
          <Section title="账号定位">
            <p>{persona.positioning}</p>
          </Section>
          <Section title="目标受众">
            <p>{persona.audience}</p>
          </Section>
          <Section title="语气风格">
            <p>{persona.tone}</p>
          </Section>
          <div className="persona-card__tags">
            {persona.tags.map((tag) => (
              <Tag key={tag} bordered={false} color="processing">
                #{tag}
              </Tag>
            ))}
          </div>
        </div>
      </div>

      <div className="persona-card__grid">
        <Section title="内容支柱">
          <ol className="persona-card__list">
            {persona.pillars.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ol>
        </Section>
        <Section title="爆款标题公式">
          <ul className="persona-card__list">
            {persona.titleFormulas.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </Section>
      </div>
      <Section title="变现路径">
        <p>{persona.monetization}</p>
      </Section>
    </Card>
  );
}
