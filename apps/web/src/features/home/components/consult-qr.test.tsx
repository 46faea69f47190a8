import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteConfig } from '@/config/site';
import { consultQrDataUrl } from '../lib/consult-qr';
import { ConsultQr } from './consult-qr';

vi.mock('../lib/consult-qr', () => ({ consultQrDataUrl: vi.fn() }));
const draw = vi.mocked(consultQrDataUrl);

const button = () => screen.getByRole('button', { name: '扫码咨询' });
const card = () => document.querySelector<HTMLElement>('.consult__card')!;

describe('ConsultQr', () => {
  afterEach(() => {
    cleanup();
    draw.mockReset();
  });

  it('draws nothing until opened, then the QR of the configured contact link', async () => {
    draw.mockResolvedValue('data:image/png;base64,AAAA');
    render(<ConsultQr />);
    expect(card().hidden).toBe(true);
    expect(draw).not.toHaveBeenCalled();

    await act(async () => fireEvent.click(button()));
    expect(card().hidden).toBe(false);
    expect(draw).toHaveBeenCalledWith(siteConfig.consult.link);
    expect(screen.getByRole('img', { name: '扫码咨询二维码' }).getAttribute('src')).toBe(
      'data:image/png;base64,AAAA',
    );

    // A second tap closes it; opening again does not draw again.
    await act(async () => fireEvent.click(button()));
    expect(card().hidden).toBe(true);
    await act(async () => fireEvent.click(button()));
    expect(draw).toHaveBeenCalledTimes(1);
  });

  it('after a failure offers a retry instead of trying again and again', async () => {
    draw.mockRejectedValueOnce(new Error('boom')).mockResolvedValueOnce('data:image/png;base64,BBBB');
    render(<ConsultQr />);
    await act(async () => fireEvent.click(button()));
    await act(async () => {});
    expect(draw).toHaveBeenCalledTimes(1);
    const retry = screen.getByRole('button', { name: '二维码加载失败，点此重试' });

    await act(async () => fireEvent.click(retry));
    expect(draw).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('img', { name: '扫码咨询二维码' })).toBeTruthy();
  });

  it('closes on Escape', async () => {
    draw.mockResolvedValue('data:image/png;base64,AAAA');
    render(<ConsultQr />);
    await act(async () => fireEvent.click(button()));
    expect(card().hidden).toBe(false);
    await act(async () => fireEvent.keyDown(document, { key: 'Escape' }));
    expect(card().hidden).toBe(true);
  });
});
