import type { CSSProperties, ReactNode } from 'react';
import { useScrollReveal } from '../hooks/use-scroll-reveal';
import { CheckIcon } from './home-icons';
import { Phrases } from './phrases';
import './feature-section.css';

export interface FeatureSectionProps {
  id: string;
  index: number;
  eyebrow: string;
  title: string;
  description: string;
  points: string[];
  illustration: ReactNode;
  /** Illustration on the left (alternating rows). */
  flip?: boolean;
}

/** One advertised feature: copy on one side, a drawn example of the screen on the other. */
export function FeatureSection({
  id,
  index,
  eyebrow,
  title,
  description,
  points,
  illustration,
  flip,
}: FeatureSectionProps) {
  const revealRef = useScrollReveal<HTMLElement>();
  return (
    <section
      ref={revealRef}
      id={id}
      className={`feature-section home-reveal${flip ? ' feature-section--flip' : ''}`}
      aria-labelledby={`${id}-title`}
      data-testid={`feature-${id}`}
    >
      <div className="home-container feature-section__inner">
        <div className="feature-section__copy home-reveal__item">
          <p className="home-eyebrow">
            <span className="feature-section__index">{String(index).padStart(2, '0')}</span>
            {eyebrow}
          </p>
          <h3 id={`${id}-title`} className="feature-section__title">
            <Phrases text={title} />
          </h3>
          <p className="feature-section__desc">{description}</p>
          <ul className="feature-section__points">
            {points.map((p) => (
              <li key={p}>
                <span className="feature-section__check">
                  <CheckIcon size={14} strokeWidth={2.6} />
                </span>
                {p}
              </li>
            ))}
          </ul>
        </div>
        <div
          className="feature-section__visual home-reveal__item"
          style={{ '--reveal-delay': '120ms' } as CSSProperties}
        >
          {illustration}
        </div>
      </div>
    </section>
  );
}
