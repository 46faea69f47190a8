import type { UserInfo } from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getUserInfo = () => api.get<UserInfo>('/user/info');

export const userInfoQueryOptions = () => queryOptions({ queryKey: ['user', 'info'], queryFn: getUserInfo });
