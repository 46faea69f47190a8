/**
 * The products on sale (DESIGN §5). Applied to the database at every start: edit here and
 * restart to change a price; a product removed from this list is taken off sale, never deleted,
 * because orders refer to it.
 */
export interface ProductConfig {
  code: string;
  name: string;
  description: string;
  priceCents: number;
  credits: number;
  badge?: string;
}

export const productCatalog: ProductConfig[] = [
  {
    code: 'trial',
    name: '体验包',
    description: '10 次创作点数，先试试 AI 写脚本的效果',
    priceCents: 990,
    credits: 10,
    badge: '新手推荐',
  },
  {
    code: 'monthly',
    name: '月度会员',
    description: '300 次创作点数，适合每天更新的创作者',
    priceCents: 9900,
    credits: 300,
    badge: '最受欢迎',
  },
  {
    code: 'yearly',
    name: '年度会员',
    description: '5000 次创作点数，团队与 MCN 机构批量创作',
    priceCents: 69900,
    credits: 5000,
    badge: '单价最低',
  },
];
