import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import ClockCircleFilled from '@ant-design/icons/ClockCircleFilled';
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import WechatFilled from '@ant-design/icons/WechatFilled';
import { Button, Modal } from 'antd';
import { useAuthStore } from '@/stores/auth-store';
import successImage from '../assets/login-success.svg';
import { LOGIN_FAILED_TEXT, type QrLoginView, useQrLogin } from '../hooks/use-qr-login';
import './login-modal.css';

export const LOGIN_MODAL_WIDTH = 460;

function QrOverlay({ view, onRefresh }: { view: QrLoginView; onRefresh(): void }) {
  switch (view.phase) {
    case 'scanned':
      return (
        <div className="login-modal__overlay">
          <CheckCircleFilled className="login-modal__overlay-icon login-modal__overlay-icon--ok" />
          <strong>扫码成功</strong>
          <span className="login-modal__overlay-text">请在手机上确认登录</span>
        </div>
      );
    case 'expired':
      return (
        <div className="login-modal__overlay">
          <ClockCircleFilled className="login-modal__overlay-icon login-modal__overlay-icon--warn" />
          <strong>二维码已过期</strong>
          <Button type="primary" size="small" icon={<ReloadOutlined />} onClick={onRefresh}>
            刷新二维码
          </Button>
        </div>
      );
    case 'error':
      return (
        <div className="login-modal__overlay" role="alert">
          <CloseCircleFilled className="login-modal__overlay-icon login-modal__overlay-icon--error" />
          <strong>{view.message ?? LOGIN_FAILED_TEXT}</strong>
          <Button size="small" icon={<ReloadOutlined />} onClick={() => window.location.reload()}>
            刷新页面
          </Button>
        </div>
      );
    case 'unavailable':
      // SPEC §8: a failed QR fetch shows no message; offer only a quiet retry.
      return (
        <div className="login-modal__overlay">
          <Button
            shape="circle"
            size="large"
            icon={<ReloadOutlined />}
            onClick={onRefresh}
            aria-label="重新获取二维码"
          />
        </div>
      );
    default:
      return null;
  }
}

/** SPEC §2: 460 px, a title, the QR image, the hint 微信扫码登录, a close button; then 登录成功. */
export function LoginModal() {
  const open = useAuthStore((s) => s.loginModalVisible);
  const close = useAuthStore((s) => s.closeLoginModal);
  const { view, refresh } = useQrLogin(open);

  return (
    <Modal
      open={open}
      onCancel={close}
      width={LOGIN_MODAL_WIDTH}
      centered
      footer={null}
      destroyOnHidden
      title={<div className="login-modal__title">登录脚本工坊</div>}
      styles={{ header: { textAlign: 'center' }, title: { fontSize: 20 } }}
      className="login-modal-dialog"
    >
      {view.phase === 'success' ? (
        <div className="login-modal__success">
          <img src={successImage} alt="" width={200} height={160} />
          <p>登录成功</p>
        </div>
      ) : (
        <div className="login-modal">
          <p className="login-modal__subtitle">一站式脚本创作，三步写出爆款短视频</p>
          <div className="login-modal__qr">
            {view.pic ? (
              <img
                src={view.pic}
                alt="微信登录二维码"
                width={200}
                height={200}
                style={{ imageRendering: 'pixelated' }}
              />
            ) : (
              <div className="login-modal__qr-placeholder" role="status" aria-label="二维码加载中" />
            )}
            <QrOverlay view={view} onRefresh={refresh} />
          </div>
          <p className="login-modal__hint">
            <WechatFilled />
            微信扫码登录
          </p>
          <p className="login-modal__note">二维码 5 分钟内有效，首次登录即自动注册</p>
        </div>
      )}
    </Modal>
  );
}
