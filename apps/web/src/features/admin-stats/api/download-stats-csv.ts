import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { toast } from '@/lib/toast';
import type { StatsParams } from './get-stats';

/** GET /admin/stats.csv → saved under the Chinese name the server gives it (经营数据-…-至-….csv). */
export const downloadStatsCsv = (params: StatsParams): Promise<string> =>
  downloadFile(
    () =>
      apiClient.get<Blob>('/admin/stats.csv', {
        params,
        responseType: 'blob',
        silent: true,
      } as Parameters<typeof apiClient.get>[1]),
    `经营数据-${params.from}-至-${params.to}.csv`,
  );

export const useDownloadStatsCsv = () =>
  useMutation({
    mutationFn: downloadStatsCsv,
    onSuccess: (fileName) => toast.success(`已导出 ${fileName}`),
  });
