import type { ReactNode } from 'react';
import './referral.css';

/** One number with its label, the tile both referral screens are built from. */
export function StatTile({
  label,
  value,
  hint,
  main,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  hint?: ReactNode;
  main?: boolean;
  testId?: string;
}) {
  return (
    <div className={main ? 'ref-stat ref-stat--main' : 'ref-stat'}>
      <div className="ref-stat__label">{label}</div>
      <div className="ref-stat__value" data-testid={testId}>
        {value}
      </div>
      {hint && <div className="ref-stat__hint">{hint}</div>}
    </div>
  );
}
