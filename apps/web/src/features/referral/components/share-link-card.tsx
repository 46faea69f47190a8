import { CopyOutlined } from '@ant-design/icons';
import { Button, QRCode, Skeleton } from 'antd';
import { useState } from 'react';
import { copyText } from '@/lib/copy-text';
import { toast } from '@/lib/toast';
import { useShareLink } from '../api/get-share-link';
import './referral.css';

/** The share link with copy, and a QR of it for sharing in WeChat moments or in person. */
export function ShareLinkCard() {
  const link = useShareLink(true);
  const [copying, setCopying] = useState(false);

  const copy = async () => {
    if (!link.data) return;
    setCopying(true);
    const ok = await copyText(link.data.url);
    setCopying(false);
    if (ok) toast.success('复制成功');
    else toast.error('复制失败');
  };

  return (
    <section className="ref-panel" aria-label="我的分享链接">
      <div className="ref-share">
        <div className="ref-share__body">
          <h2 className="ref-panel__title">我的分享链接</h2>
          {link.isPending ? (
            <Skeleton.Input active block style={{ margin: '8px 0' }} />
          ) : link.isError ? (
            <div className="ref-share__hint">
              分享链接加载失败{' '}
              <Button size="small" onClick={() => link.refetch()}>
                重试
              </Button>
            </div>
          ) : (
            <div className="ref-share__link">
              <span className="ref-share__url" data-testid="share-url" title={link.data.url}>
                {link.data.url}
              </span>
              <Button type="primary" icon={<CopyOutlined />} loading={copying} onClick={copy}>
                复制链接
              </Button>
            </div>
          )}
          <div className="ref-share__hint">
            好友通过你的链接或二维码首次登录后即成为你的客户，之后每笔付费订单你都能获得佣金。
          </div>
        </div>
        {link.data && (
          <div className="ref-share__qr">
            <QRCode value={link.data.url} size={128} bordered={false} />
            <div>微信扫码打开</div>
          </div>
        )}
      </div>
    </section>
  );
}
