import { ThunderboltFilled } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { formatNumber } from '@/lib/format';
import { useGoodsWallet } from '../api/get-goods-wallet';
import './balance-card.css';

/** The credit balance, big, with the way to buy more. */
export function BalanceCard({ onBuy }: { onBuy: () => void }) {
  const wallet = useGoodsWallet();
  return (
    <section className="balance-card" aria-label="点数余额">
      <div>
        <div className="balance-card__label">
          <ThunderboltFilled /> 创作点数余额
        </div>
        {wallet.isPending ? (
          <Skeleton.Input active size="large" style={{ marginTop: 8 }} />
        ) : wallet.isError ? (
          <div className="balance-card__error">
            余额加载失败{' '}
            <Button size="small" onClick={() => wallet.refetch()}>
              重试
            </Button>
          </div>
        ) : (
          <div className="balance-card__value" data-testid="wallet-balance">
            {formatNumber(wallet.data.balance)}
            <span className="balance-card__unit">点</span>
          </div>
        )}
        <div className="balance-card__hint">
          {wallet.data?.unlimited
            ? '你是内部成员，创作不消耗点数'
            : '点数用于账号分析和脚本生成，购买后立即到账，长期有效'}
        </div>
      </div>
      <Button type="primary" size="large" onClick={onBuy} className="balance-card__buy">
        购买点数
      </Button>
    </section>
  );
}
