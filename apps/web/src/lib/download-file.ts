import type { AxiosResponse } from 'axios';
import { errorMessage } from './api-client';
import { toast } from './toast';

/**
 * The file name a download answer names: RFC 5987's filename*=UTF-8''… (the Chinese name) first,
 * then the plain filename="…", then `fallback`.
 */
export function fileNameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([\w-]+)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

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

function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Runs a blob request (made with `responseType: 'blob', silent: true`) and saves its answer under
 * the name the server gives; a failure is shown as a toast with the server's message and rethrown.
 * Resolves to the saved file's name.
 */
export async function downloadFile(request: () => Promise<AxiosResponse<Blob>>, fallbackName: string) {
  try {
    const response = await request();
    const fileName = fileNameFromDisposition(
      response.headers['content-disposition'] as string | undefined,
      fallbackName,
    );
    saveBlob(response.data, fileName);
    return fileName;
  } catch (error) {
    const message = await blobErrorMessage(error);
    toast.error(message);
    throw new Error(message);
  }
}
