import { ThunderboltFilled } from '@ant-design/icons';
import { Skeleton, Tag } from 'antd';
import { useGoodsWallet } from '../api/get-goods-wallet';

/** The balance in one line, for page headers and menus; refreshes with the goods-wallet key. */
export function CreditBalanceTag() {
  const wallet = useGoodsWallet();
  if (wallet.isPending) return <Skeleton.Button active size="small" style={{ width: 96 }} />;
  if (!wallet.data) return null;
  return (
    <Tag
      color="purple"
      icon={<ThunderboltFilled />}
      style={{ fontSize: 14, padding: '4px 10px', marginInlineEnd: 0 }}
      data-testid="credit-balance"
    >
      {wallet.data.unlimited ? '内部成员 · 创作不限量' : `当前点数 ${wallet.data.balance}`}
    </Tag>
  );
}
