import { redirect } from 'react-router';
import { tokenCookie } from '@/lib/token-cookie';
import { useAuthStore } from '@/stores/auth-store';

/**
 * SPEC §2: without a `token` cookie, a target that needs login sends the visitor to the root
 * with `redirect` holding the full target path (query included), and the login modal opens.
 */
export function requireLoginLoader({ request }: { request: Request }) {
  if (tokenCookie.get()) return null;
  const url = new URL(request.url);
  useAuthStore.getState().openLoginModal();
  return redirect(`/?${new URLSearchParams({ redirect: url.pathname + url.search })}`);
}
