import type { Order, OrderListQuery, OrderPay, Page } from '@app/contract';
import QRCode from 'qrcode';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../db/event-bus.ts';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { type PaymentProvider, PaymentProviderError } from '../../providers/payment/payment-provider.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { toOrder } from './order.mapper.ts';
import type { OrderRepository } from './order.repository.ts';
import type { OrderRow } from './order.tables.ts';
import { ORDER_STATUS_CHANNEL, type OrderPaidListener } from './order.types.ts';
import { createOrderLifecycle, isUniqueViolation, type SweepLog } from './order-lifecycle.ts';
import { newOrderNo } from './order-number.ts';

/** Unpaid orders a user may hold at once: enough for any real use, a wall against scripted spam. */
export const MAX_PENDING_ORDERS = 10;

export const ORDER_NOT_FOUND_MESSAGE = '订单不存在或已被删除';

export interface OrderServiceDeps {
  db: Db;
  orders: OrderRepository;
  catalog: Pick<CatalogService, 'requireActive'>;
  wallet: Pick<WalletService, 'changeIn'>;
  provider: PaymentProvider;
  bus: Pick<EventBus, 'publish' | 'subscribe'>;
  expireMinutes: number;
  /** Run inside the "order paid" transaction (the referral programme adds its commission here). */
  onPaid?: OrderPaidListener[];
  /** After an order's paid transaction has committed. */
  afterPaid?: (order: OrderRow) => void;
}

export function createOrderService(deps: OrderServiceDeps) {
  const { db, orders } = deps;
  const lifecycle = createOrderLifecycle({
    db,
    orders,
    wallet: deps.wallet,
    provider: deps.provider,
    bus: deps.bus,
    onPaid: deps.onPaid ?? [],
    afterPaid: deps.afterPaid,
  });

  /** Someone else's order answers exactly like a missing one (404), so ids reveal nothing. */
  async function requireOwned(userId: string, orderId: string): Promise<OrderRow> {
    const row = isUuid(orderId) ? await orders.findById(db, orderId) : undefined;
    if (!row || row.userId !== userId) throw notFound(ORDER_NOT_FOUND_MESSAGE, 'order_not_found');
    return lifecycle.settle(row);
  }

  async function insertWithUniqueNo(values: Omit<Parameters<OrderRepository['insert']>[1], 'orderNo'>) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await orders.insert(db, { ...values, orderNo: newOrderNo() });
      } catch (error) {
        // 8 random digits per second: a collision is rare, two in a row rarer still.
        if (attempt >= 2 || !isUniqueViolation(error)) throw error;
      }
    }
  }

  return {
    lifecycle,

    /** Price and credits are copied now: a later price change never alters this order. */
    async create(userId: string, productId: string): Promise<Order> {
      const product = await deps.catalog.requireActive(productId);
      if ((await orders.countPending(db, userId)) >= MAX_PENDING_ORDERS) {
        throw unprocessable(
          `未支付的订单已有 ${MAX_PENDING_ORDERS} 笔，请先支付或等待它们自动关闭后再下单`,
          'too_many_pending',
        );
      }
      const row = await insertWithUniqueNo({
        userId,
        productId: product.id,
        productName: product.name,
        amountCents: product.priceCents,
        credits: product.credits,
        expiresAt: new Date(Date.now() + deps.expireMinutes * 60_000),
      });
      return toOrder(row);
    },

    /** The QR to pay a pending order; asking twice reuses the QR already issued. */
    async pay(userId: string, orderId: string): Promise<OrderPay> {
      const row = await requireOwned(userId, orderId);
      if (row.status === 'paid') throw conflict('该订单已支付，无需重复支付', 'order_paid');
      if (row.status === 'refunded') throw conflict('该订单已退款，请重新下单', 'order_refunded');
      if (row.status === 'closed') throw unprocessable('订单已超时关闭，请重新下单', 'order_closed');
      // Still pending after settling means WeChat Pay could not be asked yet; it is past paying anyway.
      if (row.expiresAt.getTime() <= Date.now())
        throw unprocessable('订单已超时，请重新下单', 'order_expired');

      let codeUrl = row.provider === deps.provider.kind ? row.codeUrl : null;
      if (!codeUrl) {
        try {
          ({ codeUrl } = await deps.provider.createNative({
            orderNo: row.orderNo,
            amountCents: row.amountCents,
            description: `脚本工坊-${row.productName}`,
            expiresAt: row.expiresAt,
          }));
        } catch (error) {
          if (error instanceof PaymentProviderError) {
            throw new AppError(502, '微信支付暂时无法下单，请稍后再试', 'provider_error');
          }
          throw error;
        }
        await orders.setPaymentCode(db, row.id, deps.provider.kind, codeUrl);
      }
      const pic = await QRCode.toDataURL(codeUrl, { margin: 1, width: 280, errorCorrectionLevel: 'M' });
      return { codeUrl, pic, expiresAt: row.expiresAt.toISOString() };
    },

    async list(userId: string, query: OrderListQuery): Promise<Page<Order>> {
      await lifecycle.settleExpired({ userId });
      const { items, total } = await orders.list(db, userId, query);
      return { items: items.map(toOrder), total, page: query.page, pageSize: query.pageSize };
    },

    async get(userId: string, orderId: string): Promise<Order> {
      return toOrder(await requireOwned(userId, orderId));
    },

    /**
     * Status changes of one of the user's orders, from any instance (LISTEN/NOTIFY). Subscribes
     * before reading, so a payment landing in between is not missed.
     */
    async watch(userId: string, orderId: string, onChange: (order: Order) => void) {
      await requireOwned(userId, orderId);
      const unsubscribe = await deps.bus.subscribe(ORDER_STATUS_CHANNEL, orderId, () => {
        void orders.findById(db, orderId).then((row) => row && onChange(toOrder(row)));
      });
      const current = toOrder(await requireOwned(userId, orderId));
      return { current, unsubscribe };
    },

    /** For the dev cashier and notifications: find by our order number, settling expiry. */
    async findByOrderNo(orderNo: string): Promise<OrderRow | undefined> {
      const row = await orders.findByOrderNo(db, orderNo);
      return row && lifecycle.settle(row);
    },

    confirmPaid: lifecycle.confirmPaid,
    sweepExpired: (log?: SweepLog) => lifecycle.settleExpired({ log }),
  };
}
export type OrderService = ReturnType<typeof createOrderService>;
