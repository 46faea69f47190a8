import type { Order, OrderPay, Product } from '@app/contract';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useCreateOrder } from '../api/create-order';
import { usePayOrder } from '../api/pay-order';

export type CheckoutState =
  | { phase: 'idle' }
  | { phase: 'preparing'; title: string }
  | { phase: 'ready'; order: Order; payment: OrderPay }
  | { phase: 'failed'; title: string; message: string; retry: () => void };

/**
 * Buying: create the order (or take a pending one) and fetch its QR. Started from a click, never
 * from an effect, so a re-render can never create a second order.
 */
export function useCheckout() {
  const [state, setState] = useState<CheckoutState>({ phase: 'idle' });
  const create = useCreateOrder();
  const pay = usePayOrder();

  const payExisting = async (order: Order) => {
    setState({ phase: 'preparing', title: order.productName });
    try {
      const payment = await pay.mutateAsync(order.id);
      setState({ phase: 'ready', order, payment });
    } catch (error) {
      setState({
        phase: 'failed',
        title: order.productName,
        message: errorMessage(error),
        retry: () => void payExisting(order),
      });
    }
  };

  const buy = async (product: Product) => {
    setState({ phase: 'preparing', title: product.name });
    let order: Order;
    try {
      order = await create.mutateAsync(product.id);
    } catch (error) {
      setState({
        phase: 'failed',
        title: product.name,
        message: errorMessage(error),
        retry: () => void buy(product),
      });
      return;
    }
    await payExisting(order);
  };

  return {
    state,
    buy: (product: Product) => void buy(product),
    payExisting: (order: Order) => void payExisting(order),
    close: () => setState({ phase: 'idle' }),
  };
}
