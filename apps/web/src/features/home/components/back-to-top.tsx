import { useScrolledPast } from '../hooks/use-scrolled-past';
import { prefersReducedMotion } from '../lib/reduced-motion';
import { ArrowUpIcon } from './home-icons';

/** Shows after the reader has scrolled about a screen down. */
export const BACK_TO_TOP_OFFSET_PX = 600;

export function BackToTop() {
  const visible = useScrolledPast(BACK_TO_TOP_OFFSET_PX);
  return (
    <button
      type="button"
      className="floating-button back-to-top"
      data-visible={visible}
      aria-label="回到顶部"
      tabIndex={visible ? 0 : -1}
      aria-hidden={!visible}
      onClick={() => window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })}
    >
      <ArrowUpIcon size={20} />
    </button>
  );
}
