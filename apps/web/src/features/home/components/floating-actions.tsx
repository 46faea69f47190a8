import { BackToTop } from './back-to-top';
import { ConsultQr } from './consult-qr';
import './floating-actions.css';

/** The consult QR and back-to-top, pinned to the lower right corner. */
export function FloatingActions() {
  return (
    <div className="floating-actions">
      <ConsultQr />
      <BackToTop />
    </div>
  );
}
