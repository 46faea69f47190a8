import type { Health } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DemoBanner, demoBannerText } from './demo-banner';

function answer(data: Partial<Health>) {
  const health: Health = { status: 'ok', demo: false, devChannels: [], uptimeSec: 1, ...data };
  const fetch = vi.fn(async () => Response.json({ success: true, data: health, message: 'ok' }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderBanner() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DemoBanner />
    </QueryClientProvider>,
  );
}

describe('DemoBanner', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says 演示模式 when the server reports dev login and payment', async () => {
    const fetch = answer({ demo: true, devChannels: ['login', 'pay'] });
    renderBanner();
    const banner = await screen.findByRole('note', { name: '演示模式' });
    expect(banner.textContent).toBe('演示模式：登录和支付均为模拟，不会产生真实扣款');
    expect(fetch).toHaveBeenCalledWith('http://localhost:3000/api/v1/health', expect.anything());
  });

  it('shows nothing on the real providers', async () => {
    const fetch = answer({ demo: false });
    const { container } = renderBanner();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 0));
    expect(container.innerHTML).toBe('');
  });

  it('shows nothing when the health check fails', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetch);
    const { container } = renderBanner();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container.innerHTML).toBe('');
  });

  it('names only the simulated channels', () => {
    expect(demoBannerText(['pay'])).toBe('支付为模拟，不会产生真实扣款');
    expect(demoBannerText(['login'])).toBe('登录为模拟，任何人都能登录，请勿填写真实信息');
  });
});
