import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/stores/auth-store';

/** 无权限: what a non-admin sees on an admin page (the server refuses them with 403 anyway). */
export function NoPermission({ what }: { what: string }) {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="无权限"
      subTitle={`${what}仅对管理员开放。如需开通，请联系平台管理员。`}
      extra={
        <Button type="primary" onClick={() => navigate(paths.account)}>
          返回创作首页
        </Button>
      }
    />
  );
}

export const useIsAdmin = () => useAuthStore((s) => s.userInfo.role === 'admin');

/** Renders the page for admins and 无权限 for everyone else. */
export function AdminOnly({
  what,
  children,
  fallback,
}: {
  what: string;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const isAdmin = useIsAdmin();
  if (isAdmin) return <>{children}</>;
  return (
    <>
      <NoPermission what={what} />
      {fallback}
    </>
  );
}
