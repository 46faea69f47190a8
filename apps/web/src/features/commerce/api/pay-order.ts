import type { OrderPay } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The payment QR of a pending order (the same one when asked again). */
export const payOrder = (orderId: string) => api.post<OrderPay>('/order/pay', { orderId }, { silent: true });

export const usePayOrder = () => useMutation({ mutationFn: payOrder });
