import type { ScriptDownloadFormat } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { fileNameFromDisposition } from '../lib/content-disposition';

/** An error answer to a blob request arrives as a Blob: read the envelope's message out of it. */
async function blobErrorMessage(error: unknown): Promise<string> {
  const data = (error as { response?: { data?: unknown } }).response?.data;
  if (data instanceof Blob) {
    try {
      const body = JSON.parse(await data.text()) as { message?: string };
      if (body.message) return body.message;
    } catch {
      // not JSON
    }
  }
  return errorMessage(error);
}

function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** POST /script/download → the file, saved under the Chinese name the server gives it. */
export async function downloadScript(scriptId: string, format: ScriptDownloadFormat): Promise<string> {
  try {
    const response = await apiClient.post<Blob>('/script/download', { scriptId, format }, {
      responseType: 'blob',
      silent: true,
    } as Parameters<typeof apiClient.post>[2]);
    const fileName = fileNameFromDisposition(
      response.headers['content-disposition'] as string | undefined,
      `脚本.${format}`,
    );
    save(response.data, fileName);
    return fileName;
  } catch (error) {
    const message = await blobErrorMessage(error);
    toast.error(message);
    throw new Error(message);
  }
}

export const useDownloadScript = () =>
  useMutation({
    mutationFn: ({ scriptId, format }: { scriptId: string; format: ScriptDownloadFormat }) =>
      downloadScript(scriptId, format),
  });
