import type { ReactNode } from 'react';
import './page-header.css';

export function PageHeader({
  title,
  extra,
  subtitle,
}: {
  title: string;
  subtitle?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <div className="page-header">
      <div>
        <h1 className="page-header__title">{title}</h1>
        {subtitle && <div className="page-header__subtitle">{subtitle}</div>}
      </div>
      {extra && <div className="page-header__extra">{extra}</div>}
    </div>
  );
}
