import { useRef } from 'react';
import { useCountUp } from '../hooks/use-count-up';
import type { CountUpTiming } from '../lib/count-up';
import { formatThousands } from '../lib/count-up';
import './stat-counter.css';

interface StatCounterProps extends CountUpTiming {
  target: number;
  label: string;
  testId?: string;
}

/**
 * An animated figure. The final number sits invisibly underneath the moving one, so the box has
 * its final width from the first paint and the count never pushes anything around (no layout
 * shift). Screen readers get the final number only, not every frame.
 */
export function StatCounter({ target, label, testId, delayMs, durationMs }: StatCounterProps) {
  const currentRef = useRef<HTMLSpanElement>(null);
  useCountUp(currentRef, target, { delayMs, durationMs });
  const final = formatThousands(target);
  return (
    <div className="stat-counter">
      <span className="stat-counter__value">
        <span className="stat-counter__sizer" aria-hidden="true">
          {final}
        </span>
        <span ref={currentRef} className="stat-counter__current" aria-hidden="true" data-testid={testId} />
        <span className="home-sr-only">{final}</span>
      </span>
      <div className="stat-counter__label">{label}</div>
    </div>
  );
}
