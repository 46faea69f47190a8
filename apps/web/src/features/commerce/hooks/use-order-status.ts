import type { Order } from '@app/contract';
import { useEffect, useRef, useState } from 'react';
import { getOrder } from '../api/get-order';
import { watchOrder } from '../api/watch-order';

const POLL_MS = 2000;
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * The live status of an order while it is on screen: the server's event stream first (a payment
 * shows up the moment it is confirmed, whichever instance hears it); after repeated stream
 * failures (a proxy that buffers streams, say) it falls back to polling GET /order/:id every 2 s.
 * Stops once the order is no longer pending or `orderId` is undefined.
 */
export function useOrderStatus(orderId: string | undefined, initial?: Order): Order | undefined {
  const [order, setOrder] = useState<Order | undefined>(initial);
  // `initial` seeds a new order only; later renders with the same id keep the live state.
  const seed = useRef(initial);
  seed.current = initial;

  useEffect(() => {
    const initial = seed.current;
    setOrder(initial);
    if (!orderId || (initial && initial.status !== 'pending')) return;
    const controller = new AbortController();
    const { signal } = controller;
    let latest = initial;
    const accept = (next: Order) => {
      latest = next;
      setOrder(next);
    };
    const settled = () => latest !== undefined && latest.status !== 'pending';

    void (async () => {
      let failures = 0;
      while (!signal.aborted && !settled() && failures < 3) {
        try {
          await watchOrder(orderId, { signal, onOrder: accept });
          // The server ends a stream after a while; reconnect (gently) if still pending.
          failures = 0;
          if (!settled()) await sleep(500, signal);
        } catch {
          if (signal.aborted) return;
          failures += 1;
          await sleep(1000 * failures, signal);
        }
      }
      while (!signal.aborted && !settled()) {
        try {
          accept(await getOrder(orderId, { silent: true }));
        } catch {
          // Keep trying quietly: the modal still shows the QR and the countdown.
        }
        await sleep(POLL_MS, signal);
      }
    })();
    return () => controller.abort();
  }, [orderId]);

  return order;
}
