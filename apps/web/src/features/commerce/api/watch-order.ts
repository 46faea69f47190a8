import { type Order, orderSchema } from '@app/contract';
import { readSse } from '@/lib/sse';

/**
 * GET /order/:id/events: the order now and at each change (the server ends the stream once it
 * is no longer pending). Resolves when the stream ends; rejects on a network or HTTP error.
 */
export async function watchOrder(
  orderId: string,
  options: { signal: AbortSignal; onOrder: (order: Order) => void },
) {
  await readSse(`/order/${orderId}/events`, {
    signal: options.signal,
    onEvent(event) {
      if (event.event !== 'order') return;
      const parsed = orderSchema.safeParse(JSON.parse(event.data));
      if (parsed.success) options.onOrder(parsed.data);
    },
  });
}
