import { CheckCircleFilled } from '@ant-design/icons';
import type { Product } from '@app/contract';
import { Badge, Button } from 'antd';
import { formatYuan } from '@/lib/format';
import { formatPerCredit } from '../lib/pricing';
import './product-card.css';

interface ProductCardProps {
  product: Product;
  /** Percent cheaper per credit than the dearest pack; 0 hides it. */
  saving: number;
  featured?: boolean;
  busy?: boolean;
  onBuy: (product: Product) => void;
}

export function ProductCard({ product, saving, featured, busy, onBuy }: ProductCardProps) {
  const card = (
    <article
      className={featured ? 'product-card product-card--featured' : 'product-card'}
      aria-label={product.name}
      data-testid="product-card"
    >
      <h2 className="product-card__name">{product.name}</h2>
      <p className="product-card__desc">{product.description}</p>
      <div className="product-card__price">
        <span className="product-card__currency">¥</span>
        {(product.priceCents / 100).toFixed(product.priceCents % 100 === 0 ? 0 : 2)}
      </div>
      <ul className="product-card__facts">
        <li>
          <CheckCircleFilled /> {product.credits.toLocaleString('zh-CN')} 点创作点数
        </li>
        <li>
          <CheckCircleFilled /> 折合 {formatPerCredit(product)}
          {saving > 0 && <span className="product-card__saving">省 {saving}%</span>}
        </li>
        <li>
          <CheckCircleFilled /> 到账即用，长期有效
        </li>
      </ul>
      <Button
        type={featured ? 'primary' : 'default'}
        size="large"
        block
        loading={busy}
        onClick={() => onBuy(product)}
        aria-label={`购买${product.name}，${formatYuan(product.priceCents)}`}
      >
        立即购买
      </Button>
    </article>
  );
  return product.badge ? (
    <Badge.Ribbon text={product.badge} color={featured ? '#613ceb' : 'volcano'}>
      {card}
    </Badge.Ribbon>
  ) : (
    card
  );
}
