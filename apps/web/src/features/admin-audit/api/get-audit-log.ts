import type { AuditEntry, AuditListQuery, Page } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type AuditLogParams = Partial<AuditListQuery> & { page: number; pageSize: number };

export const auditLogKey = ['admin-audit'] as const;

export const getAuditLog = (params: AuditLogParams) => api.get<Page<AuditEntry>>('/admin/audit', params);

export const auditLogQueryOptions = (params: AuditLogParams) =>
  queryOptions({
    queryKey: [...auditLogKey, params],
    queryFn: () => getAuditLog(params),
    placeholderData: keepPreviousData,
    // Other admins act meanwhile: the log is read fresh each time the screen opens.
    staleTime: 0,
  });

export const useAuditLog = (params: AuditLogParams) => useQuery(auditLogQueryOptions(params));
