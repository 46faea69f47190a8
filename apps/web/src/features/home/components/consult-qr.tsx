import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { siteConfig } from '@/config/site';
import { consultQrDataUrl } from '../lib/consult-qr';
import { ChatIcon } from './home-icons';

type QrState = { status: 'idle' | 'loading' | 'error' } | { status: 'ready'; src: string };

/** How long the card stays after the pointer leaves, so it can travel from button to card. */
const HOVER_CLOSE_DELAY_MS = 200;

/**
 * The floating consult button: hovering (mouse) or tapping (touch) shows the QR code of the
 * configured contact link. The QR is drawn only the first time the card opens.
 */
export function ConsultQr() {
  const { title, hint, link } = siteConfig.consult;
  const [open, setOpen] = useState(false);
  const [qr, setQr] = useState<QrState>({ status: 'idle' });
  const rootRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** Opened by a hovering mouse: its click on the button must not close it again. */
  const openedByHover = useRef(false);
  const cardId = useId();

  const show = useCallback(() => {
    clearTimeout(closeTimer.current);
    openedByHover.current = true;
    setOpen(true);
  }, []);
  const hideSoon = useCallback(() => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => {
      openedByHover.current = false;
      setOpen(false);
    }, HOVER_CLOSE_DELAY_MS);
  }, []);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  useEffect(() => {
    // Only from idle: after a failure it waits for the retry button instead of looping.
    if (!open || qr.status !== 'idle') return;
    setQr({ status: 'loading' });
    consultQrDataUrl(link).then(
      (src) => setQr({ status: 'ready', src }),
      () => setQr({ status: 'error' }),
    );
  }, [open, qr.status, link]);

  // A tap elsewhere or Escape closes it.
  useEffect(() => {
    if (!open) return;
    const close = () => {
      openedByHover.current = false;
      setOpen(false);
    };
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      ref={rootRef}
      className="consult"
      onPointerEnter={(e) => e.pointerType === 'mouse' && show()}
      onPointerLeave={(e) => e.pointerType === 'mouse' && hideSoon()}
    >
      <button
        type="button"
        className="floating-button consult__button"
        aria-expanded={open}
        aria-controls={cardId}
        aria-label={title}
        onClick={() => {
          clearTimeout(closeTimer.current);
          if (openedByHover.current && open) return;
          openedByHover.current = false;
          setOpen((v) => !v);
        }}
      >
        <ChatIcon size={22} />
        <span className="consult__label">咨询</span>
      </button>
      <div id={cardId} className="consult__card" hidden={!open} role="dialog" aria-label={title}>
        <div className="consult__qr" data-status={qr.status}>
          {qr.status === 'ready' ? (
            <img src={qr.src} alt={`${title}二维码`} width={148} height={148} />
          ) : qr.status === 'error' ? (
            <button type="button" className="consult__retry" onClick={() => setQr({ status: 'idle' })}>
              二维码加载失败，点此重试
            </button>
          ) : (
            <span className="consult__loading">二维码生成中…</span>
          )}
        </div>
        <strong>{title}</strong>
        <p>{hint}</p>
      </div>
    </div>
  );
}
