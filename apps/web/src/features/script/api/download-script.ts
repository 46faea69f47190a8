import type { ScriptDownloadFormat } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';

/** POST /script/download → the file, saved under the Chinese name the server gives it. */
export const downloadScript = (scriptId: string, format: ScriptDownloadFormat): Promise<string> =>
  downloadFile(
    () =>
      apiClient.post<Blob>('/script/download', { scriptId, format }, {
        responseType: 'blob',
        silent: true,
      } as Parameters<typeof apiClient.post>[2]),
    `脚本.${format}`,
  );

export const useDownloadScript = () =>
  useMutation({
    mutationFn: ({ scriptId, format }: { scriptId: string; format: ScriptDownloadFormat }) =>
      downloadScript(scriptId, format),
  });
