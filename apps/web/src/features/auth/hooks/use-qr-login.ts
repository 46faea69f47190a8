import { useCallback, useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { getQrCode } from '../api/get-qrcode';
import { watchQrStatus } from '../api/watch-qr-status';
import { acceptToken } from '../lib/accept-token';
import { safeRedirect } from '../lib/login-redirect';
import { currentReferralCode } from '../lib/referral-code';

/**
 * loading: fetching the QR · unavailable: the fetch failed (console only, SPEC §8) ·
 * waiting / scanned: the stream is open · success: logged in, about to reload ·
 * expired: offer a new QR · error: the stream failed.
 */
export type QrLoginPhase =
  | 'loading'
  | 'unavailable'
  | 'waiting'
  | 'scanned'
  | 'success'
  | 'expired'
  | 'error';

export interface QrLoginView {
  phase: QrLoginPhase;
  pic?: string;
  /** Why the login failed, when the server said (e.g. the account is disabled). */
  message?: string;
}

export const LOGIN_SUCCESS_TOAST = '登录成功！';
export const LOGIN_FAILED_TEXT = '登录失败，请刷新页面重试';
/** Long enough to see the success view before the page reloads. */
const RELOAD_DELAY_MS = 1200;

/** After login: the guard's redirect if there is one, else the same page; both load afresh. */
function finishLogin(): void {
  const target = safeRedirect(window.location.search);
  if (target) window.location.replace(target);
  else window.location.reload();
}

/**
 * The login modal's flow (SPEC §4): open → fetch a QR → open its status stream → on complete log
 * in with the token. Runs while `active`; closing the modal aborts the stream.
 */
export function useQrLogin(active: boolean) {
  const [view, setView] = useState<QrLoginView>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const refresh = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (!active) return;
    // `attempt` is read so that refresh() starts the whole flow again.
    void attempt;
    const controller = new AbortController();
    const { signal } = controller;
    let outcome: 'open' | 'done' = 'open';
    const show = (next: QrLoginView) => {
      if (!signal.aborted) setView(next);
    };

    const run = async () => {
      show({ phase: 'loading' });
      const code = currentReferralCode();
      let qr: Awaited<ReturnType<typeof getQrCode>>;
      try {
        qr = await getQrCode(code);
      } catch (error) {
        console.error('获取登录二维码失败', error);
        show({ phase: 'unavailable' });
        return;
      }
      show({ phase: 'waiting', pic: qr.pic });
      try {
        await watchQrStatus(qr.state, code, {
          signal,
          onStatus(event) {
            if (outcome === 'done') return;
            if (event.status === 'scanned') show({ phase: 'scanned', pic: qr.pic });
            if (event.status === 'expired') {
              outcome = 'done';
              show({ phase: 'expired', pic: qr.pic });
            }
            if (event.status === 'complete') {
              outcome = 'done';
              if (!event.token) {
                show({ phase: 'error', pic: qr.pic, message: event.message });
                return;
              }
              acceptToken(event.token).then(
                () => {
                  toast.success(LOGIN_SUCCESS_TOAST);
                  show({ phase: 'success' });
                  setTimeout(finishLogin, RELOAD_DELAY_MS);
                },
                () => show({ phase: 'error', pic: qr.pic }),
              );
            }
          },
        });
        // The server ends the stream only after complete or expired: anything else is a failure.
        if (outcome === 'open') show({ phase: 'error', pic: qr.pic });
      } catch (error) {
        if (signal.aborted) return;
        console.error('登录状态连接失败', error);
        show({ phase: 'error', pic: qr.pic });
      }
    };
    void run();
    return () => controller.abort();
  }, [active, attempt]);

  return { view, refresh };
}
