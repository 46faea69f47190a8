import type { Order } from '@app/contract';
import { api } from '@/lib/api-client';

/** One order; reading it also settles an expired one on the server. */
export const getOrder = (id: string, options?: { silent?: boolean }) =>
  api.get<Order>(`/order/${id}`, undefined, options);
