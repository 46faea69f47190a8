import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminUserDrawer } from './admin-user-drawer';
import { type AdminUserFilters, AdminUserFiltersBar } from './admin-user-filters';
import { AdminUserList } from './admin-user-list';
import './admin-users.css';

/**
 * 用户管理: find users, open one, disable or enable it, grant or take the admin role. The open
 * user is in the address (?user=…), so an admin can send a colleague a link straight to it.
 */
export function AdminUsers() {
  const [filters, setFilters] = useState<AdminUserFilters>({});
  const [page, setPage] = useState(1);
  const [params, setParams] = useSearchParams();
  const openUserId = params.get('user');
  const setOpenUserId = (userId: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (userId) next.set('user', userId);
        else next.delete('user');
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <AdminUserFiltersBar
        value={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <AdminUserList filters={filters} page={page} onPageChange={setPage} onOpen={setOpenUserId} />
      <AdminUserDrawer userId={openUserId} onOpenUser={setOpenUserId} onClose={() => setOpenUserId(null)} />
    </>
  );
}
