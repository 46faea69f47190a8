import type { DevChannel } from '@app/contract';
import { useHealth } from '../api/get-health';
import './demo-banner.css';

/** What the banner says, for the channels that run on a dev provider. */
export function demoBannerText(channels: readonly DevChannel[]): string {
  const login = channels.includes('login');
  const pay = channels.includes('pay');
  if (login && pay) return '登录和支付均为模拟，不会产生真实扣款';
  if (pay) return '支付为模拟，不会产生真实扣款';
  return '登录为模拟，任何人都能登录，请勿填写真实信息';
}

/**
 * A slim strip above every page while login or payment runs on a dev provider (the server says so
 * in /health), so a demo can never pass for the real site. Nothing at all otherwise, or while the
 * answer is on its way.
 */
export function DemoBanner() {
  const { data } = useHealth();
  if (!data?.demo) return null;
  return (
    <div className="demo-banner" role="note" aria-label="演示模式">
      <svg className="demo-banner__icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <circle cx="8" cy="8" r="7" fill="currentColor" />
        <rect x="7.1" y="3.6" width="1.8" height="5.6" rx="0.9" fill="#fff" />
        <circle cx="8" cy="11.6" r="1.05" fill="#fff" />
      </svg>
      <span>
        <strong>演示模式</strong>：{demoBannerText(data.devChannels)}
      </span>
    </div>
  );
}
