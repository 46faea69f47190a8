import type { Health } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@/config/env';

export const healthKey = ['health'] as const;

/**
 * GET /health. Plain fetch, not the HTTP client: every page asks it, the home page included,
 * which must not load axios (nor show a toast or log anyone out over a health check).
 */
export async function getHealth(): Promise<Health> {
  const response = await fetch(`${env.apiBaseUrl}/health`, { headers: { accept: 'application/json' } });
  const body = (await response.json()) as { success?: boolean; data?: Health };
  if (!response.ok || !body.success || !body.data) throw new Error(`health ${response.status}`);
  return body.data;
}

// Whether the site is a demo does not change while a page is open.
export const healthQueryOptions = () =>
  queryOptions({ queryKey: healthKey, queryFn: getHealth, staleTime: Number.POSITIVE_INFINITY });

export const useHealth = () => useQuery(healthQueryOptions());
