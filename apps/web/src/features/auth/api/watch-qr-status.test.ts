import type { QrStatusEvent } from '@app/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchQrStatus } from './watch-qr-status';

/** A streamed answer cut into awkward chunks, as a proxy might deliver it. */
function streamOf(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

describe('watchQrStatus', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads events whose lines end in CR, LF or CRLF, skips heartbeats, and asks for state and code', async () => {
    const fetchMock = vi.fn(async () =>
      streamOf([
        ': ping\r\r',
        'data: {"qrcode":"s1","status":"waiting"}\r',
        '\r',
        'data: {"qrcode":"s1","sta',
        'tus":"scanned"}\n\n: ping\n\n',
        'data: {"qrcode":"s1","status":"complete","token":"t0k"}\r\n\r\n',
      ]),
    );
    vi.stubGlobal('fetch', fetchMock);
    const events: QrStatusEvent[] = [];
    await watchQrStatus('s1', 'ABCD2345', {
      signal: new AbortController().signal,
      onStatus: (e) => events.push(e),
    });
    expect(events.map((e) => e.status)).toEqual(['waiting', 'scanned', 'complete']);
    expect(events[2]?.token).toBe('t0k');
    const url = new URL(String((fetchMock.mock.calls[0] as unknown[])[0]));
    expect(url.pathname).toBe('/api/v1/user/qrcode');
    expect(url.searchParams.get('state')).toBe('s1');
    expect(url.searchParams.get('code')).toBe('ABCD2345');
  });

  it('rejects with the server message when the state is unknown', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: false, data: null, message: '二维码不存在或已失效' }), {
            status: 404,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    await expect(
      watchQrStatus('nope', '', { signal: new AbortController().signal, onStatus: () => {} }),
    ).rejects.toThrow('二维码不存在或已失效');
  });
});
