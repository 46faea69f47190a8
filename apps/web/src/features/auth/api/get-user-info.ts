import type { UserInfo } from '@app/contract';
import { api } from '@/lib/api-client';

export const getUserInfo = () => api.get<UserInfo>('/user/info');
