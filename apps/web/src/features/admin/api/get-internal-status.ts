import type { InternalApplication } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { internalKey } from './get-internal-list';

export const getInternalStatus = () => api.get<InternalApplication>('/internal/status');

export const internalStatusQueryOptions = () =>
  queryOptions({ queryKey: [...internalKey, 'mine'], queryFn: getInternalStatus });

export const useInternalStatus = () => useQuery(internalStatusQueryOptions());
