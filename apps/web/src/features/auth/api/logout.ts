import type { LogoutResult } from '@app/contract';
import { api } from '@/lib/api-client';

/** POST /user/logout: revokes the session on the server. */
export const logout = () => api.post<LogoutResult>('/user/logout', undefined, { silent: true });
