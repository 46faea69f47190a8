import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { SseError } from '@/lib/sse';
import { INSUFFICIENT_CREDITS_TEXT, isInsufficientCreditsError } from './insufficient-credits-notice';

function axiosError(status: number, message: string) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, {
    status,
    statusText: '',
    headers: {},
    config,
    data: { success: false, data: null, message },
  });
}

describe('isInsufficientCreditsError', () => {
  it('recognises the 422 from the API client and from a stream', () => {
    expect(isInsufficientCreditsError(axiosError(422, INSUFFICIENT_CREDITS_TEXT))).toBe(true);
    expect(isInsufficientCreditsError(new SseError(INSUFFICIENT_CREDITS_TEXT, 422))).toBe(true);
  });

  it('leaves other failures alone', () => {
    expect(isInsufficientCreditsError(axiosError(422, '最多保存 50 个人设'))).toBe(false);
    expect(isInsufficientCreditsError(axiosError(429, INSUFFICIENT_CREDITS_TEXT))).toBe(false);
    expect(isInsufficientCreditsError(new SseError('操作太频繁，请 30 秒后再试', 429))).toBe(false);
    expect(isInsufficientCreditsError(new Error(INSUFFICIENT_CREDITS_TEXT))).toBe(false);
    expect(isInsufficientCreditsError(null)).toBe(false);
  });
});
