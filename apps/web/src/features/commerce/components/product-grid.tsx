import type { Product } from '@app/contract';
import { Empty } from 'antd';
import { QueryState } from '@/components/query-state';
import { useProducts } from '../api/get-products';
import { savingPercent } from '../lib/pricing';
import { ProductCard } from './product-card';
import './product-card.css';

/** The products on sale; the middle one of three is set off as the featured one. */
export function ProductGrid({ onBuy, buyingId }: { onBuy: (product: Product) => void; buyingId?: string }) {
  const query = useProducts();
  return (
    <QueryState
      query={query}
      isEmpty={(list) => list.length === 0}
      empty={<Empty description="暂时没有在售的点数包，请稍后再来" style={{ padding: '48px 0' }} />}
    >
      {(list) => (
        <>
          <div className="product-grid">
            {list.map((product, index) => (
              <ProductCard
                key={product.id}
                product={product}
                saving={savingPercent(product, list)}
                featured={list.length === 3 && index === 1}
                busy={buyingId === product.id}
                onBuy={onBuy}
              />
            ))}
          </div>
          <p className="product-grid__note">
            使用微信扫码支付，支付成功后点数立即到账。点数用于账号分析和脚本生成，长期有效；如遇问题请在「订单列表」查看支付状态。
          </p>
        </>
      )}
    </QueryState>
  );
}
