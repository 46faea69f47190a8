import type { Order } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ordersKey } from './get-orders';

/** Silent: the payment modal shows the failure itself, a toast on top would say it twice. */
export const createOrder = (productId: string) =>
  api.post<Order>('/order/create', { productId }, { silent: true });

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}
