import { Drawer, Grid } from 'antd';
import { QueryState } from '@/components/query-state';
import { useAdminUser } from '../api/get-admin-user';
import { AdminUserActions } from './admin-user-actions';
import { AdminUserDetailView } from './admin-user-detail';

/** One user's detail, from the right on a wide screen and from the bottom on a phone. */
export function AdminUserDrawer({
  userId,
  onOpenUser,
  onClose,
}: {
  userId: string | null;
  onOpenUser: (userId: string) => void;
  onClose: () => void;
}) {
  const wide = Grid.useBreakpoint().sm ?? true;
  const query = useAdminUser(userId);
  return (
    <Drawer
      open={userId !== null}
      onClose={onClose}
      title="用户详情"
      size={wide ? 560 : '100%'}
      placement={wide ? 'right' : 'bottom'}
      styles={wide ? undefined : { wrapper: { height: '92%' } }}
      destroyOnHidden
    >
      {userId && (
        <QueryState query={query}>
          {(user) => (
            <>
              <AdminUserDetailView user={user} onOpenUser={onOpenUser} />
              <div className="au-drawer-footer">
                <AdminUserActions user={user} />
              </div>
            </>
          )}
        </QueryState>
      )}
    </Drawer>
  );
}
