import type { HotTopic } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { HotTopicPicker } from './hot-topic-picker';

const topic = (id: string, title: string, rank: number): HotTopic => ({
  id,
  title,
  category: 'meishi',
  platform: 'kuaishou',
  heat: 1_234_000 - rank,
  trend: [1, 2],
  rank,
  collected: false,
});

describe('HotTopicPicker', () => {
  beforeAll(() => {
    // antd reads media queries and observes sizes; jsdom has neither.
    window.matchMedia ??= ((query: string) => ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
    })) as never;
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as never;
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists hot topics of the given platform and hands the clicked one over', async () => {
    const get = vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
      if (url === '/topic/hot')
        return { items: [topic('t1', '大锅熬了一夜的羊汤', 1), topic('t2', '赶集买菜', 2)] };
      if (url === '/topic/category') return [{ id: 'meishi', name: '美食', count: 20 }];
      if (url === '/topic/collect/list') return { items: [], total: 0, page: 1, pageSize: 50 };
      throw new Error(url);
    });
    const onPick = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <HotTopicPicker platform="kuaishou" selectedId="t2" onPick={onPick} />
      </QueryClientProvider>,
    );
    await screen.findByText('大锅熬了一夜的羊汤');
    expect(get).toHaveBeenCalledWith('/topic/hot', { platform: 'kuaishou', limit: 30 });
    expect(screen.getByRole('button', { name: /赶集买菜/ }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /大锅熬了一夜的羊汤/ }));
    expect(onPick).toHaveBeenCalledWith({ id: 't1', title: '大锅熬了一夜的羊汤' });

    fireEvent.click(screen.getByText('我的收藏'));
    await waitFor(() => expect(screen.getByText(/还没有收藏的热点/)).toBeTruthy());
  }, 30_000);
});
