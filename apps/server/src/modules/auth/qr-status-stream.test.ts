import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createStreamHub } from './qr-status-stream.ts';

const fakeStream = () => {
  const written: string[] = [];
  let closed = false;
  const stream = {
    res: { write: (chunk: string) => written.push(chunk) } as unknown as ServerResponse,
    close: () => {
      closed = true;
    },
  };
  return { stream, written, isClosed: () => closed };
};

describe('status stream hub', () => {
  it('one timer sends heartbeat comments to every open stream, and stops when none is left', async () => {
    const hub = createStreamHub(20);
    const a = fakeStream();
    const b = fakeStream();
    hub.add(a.stream);
    hub.add(b.stream);
    await new Promise((r) => setTimeout(r, 70));
    expect(a.written.length).toBeGreaterThanOrEqual(2);
    expect(a.written.every((c) => c === ': ping\n\n')).toBe(true);
    expect(b.written.length).toBe(a.written.length);
    hub.remove(a.stream);
    const frozen = a.written.length;
    await new Promise((r) => setTimeout(r, 50));
    expect(a.written.length).toBe(frozen);
    expect(b.written.length).toBeGreaterThan(frozen);
    hub.remove(b.stream);
    expect(hub.size).toBe(0);
  });

  it('closeAll ends every stream (server shutdown)', () => {
    const hub = createStreamHub(1000);
    const a = fakeStream();
    hub.add(a.stream);
    hub.closeAll();
    expect(a.isClosed()).toBe(true);
    hub.remove(a.stream);
  });
});
