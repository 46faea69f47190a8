import axios, { type AxiosError, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import axiosRetry, { isNetworkError } from 'axios-retry';
import qs from 'qs';
import { env } from '@/config/env';
import { readToken, resetAuth, useAuthStore } from '@/stores/auth-store';
import { toast } from './toast';

export const HTTP_TIMEOUT_MS = 600_000;
export const HTTP_RETRIES = 3;

/** A 2xx answer whose envelope says success:false (SPEC §4: it logs the user out). */
export class BackendError extends Error {
  readonly code = 'BACKEND_ERROR';
}

interface EnvelopeBody {
  success?: boolean;
  data?: unknown;
  message?: string;
}

const unwrapped = new WeakSet<object>();

const SAFE_OR_IDEMPOTENT = new Set(['get', 'head', 'options', 'put', 'delete']);

/** SPEC §8: the server's message if it sent one, 服务器错误 for a bad response, else the error's own. */
export function errorMessage(error: unknown): string {
  const axiosError = error as AxiosError<EnvelopeBody>;
  const serverMessage = axiosError.response?.data?.message;
  if (typeof serverMessage === 'string' && serverMessage) return serverMessage;
  if (axiosError.code === 'ERR_BAD_RESPONSE') return '服务器错误';
  return error instanceof Error ? error.message : String(error);
}

export function createApiClient(
  baseURL: string = env.apiBaseUrl,
  notify: Pick<typeof toast, 'error'> = toast,
): AxiosInstance {
  const client = axios.create({
    baseURL,
    timeout: HTTP_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json' },
    paramsSerializer: { serialize: (params) => qs.stringify(params) },
    validateStatus: (status) => (status >= 200 && status < 300) || status === 304,
  });

  axiosRetry(client, {
    retries: HTTP_RETRIES,
    retryDelay: () => 0,
    retryCondition: (error) => {
      const method = error.config?.method?.toLowerCase() ?? '';
      if (!SAFE_OR_IDEMPOTENT.has(method)) return false;
      const status = error.response?.status;
      return isNetworkError(error) || (status !== undefined && status >= 500 && status <= 599);
    },
  });

  client.interceptors.request.use((config) => {
    config.headers.set('X-Request-Id', crypto.randomUUID());
    const token = readToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  client.interceptors.response.use(
    (response) => {
      // Downloads are not enveloped: hand the Blob on as it is.
      if (response.config.responseType === 'blob') return response;
      // A retried request comes back through this chain twice (axios-retry re-runs it): unwrap once.
      if (unwrapped.has(response)) return response;
      unwrapped.add(response);
      const body = response.data as EnvelopeBody | undefined;
      if (body && body.success === false) {
        resetAuth();
        const error = new BackendError(body.message || '服务器错误');
        notify.error(error.message);
        return Promise.reject(error);
      }
      response.data = body?.data;
      return response;
    },
    (error: AxiosError<EnvelopeBody>) => {
      if (axios.isCancel(error)) return Promise.reject(error);
      if (error.response?.status === 401) {
        resetAuth();
        useAuthStore.getState().openLoginModal();
      }
      const quiet = (error.config as AxiosRequestConfig & { silent?: boolean })?.silent;
      if (!quiet) notify.error(errorMessage(error));
      return Promise.reject(error);
    },
  );
  return client;
}

export const apiClient = createApiClient();

/** Typed helpers: answers are already unwrapped to `data`. */
export const api = {
  get: <T>(url: string, params?: object, config?: AxiosRequestConfig & { silent?: boolean }) =>
    apiClient.get<T>(url, { ...config, params }).then((r) => r.data),
  post: <T>(url: string, body?: unknown, config?: AxiosRequestConfig & { silent?: boolean }) =>
    apiClient.post<T>(url, body, config).then((r) => r.data),
  patch: <T>(url: string, body?: unknown) => apiClient.patch<T>(url, body).then((r) => r.data),
  delete: <T>(url: string) => apiClient.delete<T>(url).then((r) => r.data),
};
