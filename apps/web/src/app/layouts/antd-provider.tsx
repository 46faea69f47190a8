import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { cspNonce } from '@/lib/csp-nonce';
import { useThemeStore } from '@/stores/theme-store';

/** antd with the zh_CN locale and SPEC §3's colours; only screens that use antd load it. */
export function AntdProvider({ children }: { children: ReactNode }) {
  const colors = useThemeStore((s) => s.settings.colors);
  return (
    <ConfigProvider
      locale={zhCN}
      csp={{ nonce: cspNonce }}
      theme={{
        token: {
          colorPrimary: colors.primary,
          colorInfo: colors.info,
          colorSuccess: colors.success,
          colorWarning: colors.warning,
          colorError: colors.error,
          borderRadius: 8,
          fontFamily: 'var(--font-sans)',
        },
      }}
    >
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
