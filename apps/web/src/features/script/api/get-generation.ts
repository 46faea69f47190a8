import type { Generation } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { scriptKeys } from './keys';

export const getGeneration = (id: string) => api.get<Generation>(`/creator/${id}`);

export const generationQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...scriptKeys.generations, 'detail', id], queryFn: () => getGeneration(id) });

export const useGeneration = (id: string | null) =>
  useQuery({ ...generationQueryOptions(id ?? ''), enabled: Boolean(id) });
