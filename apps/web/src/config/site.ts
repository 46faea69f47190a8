/**
 * Everything the public home page says about the operator: footer, contacts, filing number,
 * platform links and the consult QR code. Edit here, never in the components.
 *
 * The operator's company name, address, phone, e-mail and ICP filing number below are
 * placeholders: replace them with the registered details before going live (an ICP filing
 * number must be the one the MIIT issued for this domain).
 */

export interface SiteLink {
  label: string;
  /** Empty = no page yet: rendered as plain text, never as a dead link. */
  href: string;
}

export interface PlatformLink {
  id: 'douyin' | 'kuaishou' | 'xiaohongshu' | 'shipinhao';
  label: string;
  href: string;
  /** Brand colour of the small mark next to the name. */
  color: string;
}

export interface ContactItem {
  label: string;
  value: string;
  /** tel:/mailto: link when the value can be acted on. */
  href?: string;
}

export const siteConfig = {
  productName: '脚本工坊',
  slogan: '短视频创作者的一站式脚本创作平台',
  operator: {
    name: '脚本工坊网络科技有限公司',
    area: '浙江省杭州市余杭区文一西路 998 号',
  },
  platforms: [
    { id: 'douyin', label: '抖音', href: 'https://www.douyin.com/', color: '#25f4ee' },
    { id: 'kuaishou', label: '快手', href: 'https://www.kuaishou.com/', color: '#ff5000' },
    { id: 'xiaohongshu', label: '小红书', href: 'https://www.xiaohongshu.com/', color: '#ff2442' },
    { id: 'shipinhao', label: '视频号', href: 'https://channels.weixin.qq.com/', color: '#fa9d3b' },
  ] satisfies PlatformLink[],
  /** Site navigation: the pages do not exist yet, so their targets are empty (SPEC §1). */
  navigation: [
    { label: '关于我们', href: '' },
    { label: '使用帮助', href: '' },
    { label: '用户协议', href: '' },
    { label: '隐私政策', href: '' },
    { label: '商务合作', href: '' },
  ] satisfies SiteLink[],
  contacts: [
    { label: '客服电话', value: '400-000-0000', href: 'tel:4000000000' },
    { label: '商务邮箱', value: 'kefu@example.com', href: 'mailto:kefu@example.com' },
    { label: '服务时间', value: '工作日 9:30 – 18:30' },
  ] satisfies ContactItem[],
  copyright: {
    since: 2024,
    holder: '脚本工坊网络科技有限公司',
  },
  filing: {
    number: '浙ICP备00000000号-1',
    /** The MIIT lookup every ICP number links to. */
    href: 'https://beian.miit.gov.cn/',
  },
  consult: {
    title: '扫码咨询',
    hint: '微信扫一扫，添加客服',
    /** The link the floating QR code encodes (e.g. a WeChat Work customer-service link). */
    link: 'https://work.weixin.qq.com/kfid/kfc0000000000000000',
  },
} as const;

export function copyrightLine(now: Date = new Date()): string {
  const year = now.getFullYear();
  const { since, holder } = siteConfig.copyright;
  const span = year > since ? `${since}–${year}` : String(since);
  return `© ${span} ${holder} 版权所有`;
}
